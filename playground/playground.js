// ControlSim playground. One wall-clock session per control; pointer input goes to the server
// as touch events; each control is drawn from its frames' generic `layers` only, so a control
// the page has never heard of draws too (try `/?controls=switch,card`). No dependencies.
'use strict';

(() => {
  const DEFAULT_CONTROLS = ['button', 'progressButton', 'switch', 'card'];

  // Titles and one-line notes; a control missing here is shown under its own name.
  const INFO = {
    button: ['Button', 'Seed 000 · a spring pulse on press'],
    progressButton: ['Progress button', 'Seed 001 · countdown ring'],
    switch: ['Switch', 'Seed 003 · toggles on touch-down'],
    card: ['Card', 'Seed 004 · drag or tap the handle'],
  };

  // Commands per control: a label and the event to send, both from the latest properties.
  const COMMANDS = {
    button: [
      { label: (p) => `setSelected(${!p.selected})`, event: (p) => ({ type: 'setSelected', selected: !p.selected }) },
      { label: (p) => `setEnabled(${p.enabled === false})`, event: (p) => ({ type: 'setEnabled', enabled: p.enabled === false }) },
    ],
    progressButton: [
      { label: () => 'start', event: () => ({ type: 'start', startRatio: 0 }) },
      { label: () => 'pause', event: () => ({ type: 'pause' }) },
      { label: () => 'resume', event: () => ({ type: 'resume' }) },
      { label: () => 'cancel', event: () => ({ type: 'cancel' }) },
    ],
    switch: [
      { label: (p) => `setOn(${!p.isOn})`, event: (p) => ({ type: 'setOn', on: !p.isOn, animated: true }) },
    ],
    card: [
      { label: () => 'expand', event: () => ({ type: 'expand' }) },
      { label: () => 'collapse', event: () => ({ type: 'collapse' }) },
      { label: () => 'toggle', event: () => ({ type: 'toggle' }) },
    ],
  };

  const STREAM_FPS = 60;
  const MAX_SCALE = 2;           // small controls are shown at most twice their size in points
  const STAGE_PADDING = 16;      // CSS pixels around the control inside its stage
  const SCREEN_CORNER = 44;      // a framed (container) control's corner radius, in points
  const BEZEL = 6;               // CSS pixels of phone around it
  const EMISSION_POLL_MS = 250;  // how often polling asks /frames for what was emitted meanwhile
  const STREAM_OPEN_MS = 3000;   // a stream that has not opened by then makes way for polling
  const LOG_LIMIT = 60;
  const SVG = 'http://www.w3.org/2000/svg';

  // Whether GET /v1/sessions/{id}/stream exists on this server: unknown until one answers.
  // `?transport=polling` skips it.
  const query = new URLSearchParams(location.search);
  let streamSupported = query.get('transport') === 'polling' ? false : null;

  const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

  /** fetch + JSON body (null when there is none or it is not JSON). */
  async function request(method, url, body) {
    const init = { method, headers: JSON_HEADERS, cache: 'no-store' };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await fetch(url, init);
    const arrived = performance.now();
    let json = null;
    const text = await response.text();
    if (text) {
      try { json = JSON.parse(text); } catch { json = null; }
    }
    return { status: response.status, ok: response.ok, json, arrived };
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** Numbers to at most 3 decimals, without trailing zeros. */
  function formatNumber(value) {
    if (Number.isInteger(value)) return String(value);
    return String(Number(value.toFixed(3)));
  }

  function formatValue(value) {
    if (typeof value === 'number') return formatNumber(value);
    if (typeof value === 'string') return value;
    return JSON.stringify(value);
  }

  const isColor = (value) => typeof value === 'string' && /^#[0-9a-f]{8}$/i.test(value);
  const isClear = (color) => !color || (isColor(color) && color.slice(7).toLowerCase() === '00');

  /** A stroked arc inscribed in a w×h box: from `start` radians (0 = 3 o'clock, y down), `end` of the way round. */
  function arcPath(w, h, lineWidth, end, start, clockwise) {
    const r = Math.max(0, Math.min(w, h) / 2 - lineWidth / 2);
    const e = Math.min(1, Math.max(0, end));
    if (r === 0 || e === 0) return '';
    const cx = w / 2;
    const cy = h / 2;
    const dir = clockwise ? 1 : -1;
    const sweep = clockwise ? 1 : 0;   // SVG's sweep flag 1 is clockwise on screen, as UIKit's clockwise
    const at = (a) => `${(cx + r * Math.cos(a)).toFixed(3)} ${(cy + r * Math.sin(a)).toFixed(3)}`;
    if (e >= 0.99999) {
      const half = start + dir * Math.PI;
      return `M ${at(start)} A ${r} ${r} 0 1 ${sweep} ${at(half)} A ${r} ${r} 0 1 ${sweep} ${at(start)} Z`;
    }
    const stop = start + dir * e * 2 * Math.PI;
    return `M ${at(start)} A ${r} ${r} 0 ${e > 0.5 ? 1 : 0} ${sweep} ${at(stop)}`;
  }

  /** A blur style's tint at full strength (UIBlurEffect.Style names). */
  function blurTint(style) {
    const s = String(style || '').toLowerCase();
    if (s.includes('dark')) return [0, 0, 0, 0.55];
    if (s.includes('extralight')) return [255, 255, 255, 0.75];
    if (s.includes('light')) return [255, 255, 255, 0.55];
    return [245, 245, 247, 0.5];
  }

  /** One session's transient state; replaced whole when the panel starts a new session. */
  class Session {
    constructor(json, arrived) {
      this.id = json.id;
      this.config = json.config;
      this.origin = arrived;        // performance.now() when the create response arrived: session time ≈ 0
      this.lastT = 0;               // the newest t sent: events never go back in time
      this.pending = [];            // events waiting for the POST in flight to finish
      this.posting = false;
      this.fetching = false;        // a frame poll in flight
      this.streaming = false;       // frames arrive on the stream: polling stops
      this.source = null;           // the EventSource, while trying or using it
      this.emittedThrough = 0;      // emissions up to this session time were asked for (polling)
      this.lastEmissionPoll = 0;
      this.latestT = 0;             // t of the newest frame seen
      this.gone = false;            // the server no longer has it
      this.retryAt = 0;             // after a failed poll, the next waits until then (performance.now())
    }

    /** Session time of an input event: its timeStamp on the session clock, never going back. */
    clock(stamp) {
      const now = performance.now();
      const at = Number.isFinite(stamp) && stamp >= this.origin && stamp <= now ? stamp : now;
      const t = Math.max(this.lastT, Math.round((at - this.origin) * 1000) / 1e6);
      this.lastT = t;
      return t;
    }
  }

  class Panel {
    constructor(kind, template) {
      this.kind = kind;
      this.root = template.content.firstElementChild.cloneNode(true);
      this.root.dataset.control = kind;
      const [title, note] = INFO[kind] || [kind, 'Drawn from its layers; no page changes needed'];
      const $ = (selector) => this.root.querySelector(selector);
      $('.title').textContent = title;
      $('.note').textContent = note;
      this.transport = $('.transport');
      this.clockLabel = $('.clock');
      this.stage = $('.stage');
      this.surface = $('.surface');
      this.bezel = element('div', 'bezel');
      this.stage.insertBefore(this.bezel, this.surface);
      this.commandBar = $('.commands');
      this.problemBox = $('.problem');
      this.propsBody = $('.props tbody');
      this.logList = $('.log');
      this.configText = $('.config-text');
      this.sessionLabel = $('.session-id');

      this.session = null;
      this.generation = 0;
      this.frame = null;
      this.dirty = false;
      this.bounds = null;
      this.scale = 1;
      this.layerNodes = new Map();
      this.propRows = new Map();
      this.emissions = new Map();   // key → emission; the log shows the newest LOG_LIMIT by t
      this.pointerId = null;

      this.commands = (COMMANDS[kind] || []).map((command) => {
        const button = element('button', '', command.label({}));
        button.type = 'button';
        button.dataset.command = command.event({}).type;
        button.addEventListener('click', () => this.send(command.event(this.properties())));
        this.commandBar.append(button);
        return { command, button };
      });

      $('.apply').addEventListener('click', () => this.applyConfig());
      $('.defaults').addEventListener('click', () => this.start(undefined));
      $('.clear-log').addEventListener('click', () => { this.emissions.clear(); this.renderLog(); });
      this.listenToPointer();
      new ResizeObserver(() => this.layout()).observe(this.stage);
    }

    properties() { return (this.frame && this.frame.properties) || {}; }

    // MARK: Sessions

    /** Creates a wall-clock session (with `config`, or the defaults when undefined) and switches to it. */
    async start(config) {
      const generation = ++this.generation;
      const body = { control: this.kind, clock: 'wall' };
      if (config !== undefined) body.config = config;
      let reply;
      try {
        reply = await request('POST', '/v1/sessions', body);
      } catch (error) {
        this.showProblem(null, `cannot reach the server: ${error.message}`);
        return false;
      }
      if (generation !== this.generation) return false;
      if (!reply.ok) {
        this.showProblem(reply.json, `creating the session answered ${reply.status}`);
        return false;
      }
      this.stop();
      this.clearProblem();
      const session = new Session(reply.json, reply.arrived);
      this.session = session;
      this.appliedConfig = config;
      this.frame = null;
      this.bounds = null;
      this.root.dataset.ready = 'false';
      this.root.dataset.sessionId = session.id;
      this.sessionLabel.textContent = `session ${session.id}`;
      this.sessionLabel.title = `/v1/sessions/${session.id}`;
      this.configText.value = JSON.stringify(session.config, null, 2);
      for (const node of this.layerNodes.values()) node.remove();
      this.layerNodes.clear();
      for (const row of this.propRows.values()) row.remove();
      this.propRows.clear();
      this.emissions.clear();
      this.renderLog();
      this.setTransport('polling');
      this.openStream(session);
      return true;
    }

    /** Leaves the current session: closes its stream and deletes it on the server. */
    stop() {
      const old = this.session;
      if (!old) return;
      this.session = null;
      if (old.source) old.source.close();
      old.gone = true;
      fetch(`/v1/sessions/${old.id}`, { method: 'DELETE', keepalive: true }).catch(() => {});
    }

    applyConfig() {
      let config;
      try {
        config = JSON.parse(this.configText.value);
      } catch (error) {
        this.showProblem(null, `the config is not valid JSON: ${error.message}`);
        return;
      }
      this.start(config);
    }

    // MARK: Events

    /** Queues an event stamped with the session clock; one POST in flight, the rest batched. */
    send(event, stamp) {
      const session = this.session;
      if (!session || session.gone) return;
      session.pending.push({ ...event, t: session.clock(stamp) });
      this.pump(session);
    }

    async pump(session) {
      if (session.posting || session.pending.length === 0 || session.gone) return;
      const batch = session.pending.splice(0);
      session.posting = true;
      try {
        const reply = await request('POST', `/v1/sessions/${session.id}/events`,
                                    batch.length === 1 ? batch[0] : { events: batch });
        if (session === this.session) {
          if (reply.ok) {
            this.clearProblem();
            this.addEmissions(reply.json && reply.json.emitted);
          } else {
            this.showProblem(reply.json, `events answered ${reply.status}`);
            if (reply.status === 404) session.gone = true;
          }
        }
      } catch (error) {
        if (session === this.session) this.showProblem(null, `cannot reach the server: ${error.message}`);
      } finally {
        session.posting = false;
        this.pump(session);
      }
    }

    /** Pointer input → touchDown/Move/Up/Cancel at control coordinates, with pointer capture. */
    listenToPointer() {
      const surface = this.surface;
      surface.addEventListener('pointerdown', (event) => {
        if (this.pointerId !== null || !this.bounds) return;
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        event.preventDefault();
        this.pointerId = event.pointerId;
        surface.setPointerCapture(event.pointerId);
        this.send({ type: 'touchDown', ...this.point(event) }, event.timeStamp);
      });
      surface.addEventListener('pointermove', (event) => {
        if (event.pointerId !== this.pointerId) return;
        this.send({ type: 'touchMove', ...this.point(event) }, event.timeStamp);
      });
      const end = (event, type) => {
        if (event.pointerId !== this.pointerId) return;
        this.pointerId = null;
        if (surface.hasPointerCapture(event.pointerId)) surface.releasePointerCapture(event.pointerId);
        this.send(type === 'touchUp' ? { type, ...this.point(event) } : { type }, event.timeStamp);
      };
      surface.addEventListener('pointerup', (event) => end(event, 'touchUp'));
      surface.addEventListener('pointercancel', (event) => end(event, 'touchCancel'));
      surface.addEventListener('lostpointercapture', (event) => end(event, 'touchCancel'));
    }

    /** Page coordinates → control coordinates (the surface is the control's bounds, scaled). */
    point(event) {
      const box = this.surface.getBoundingClientRect();
      const round = (v) => Math.round(Math.min(1e6, Math.max(-1e6, v)) * 100) / 100;
      return {
        x: round((event.clientX - box.left) / this.scale + this.bounds.x),
        y: round((event.clientY - box.top) / this.scale + this.bounds.y),
      };
    }

    // MARK: Frames: a stream when the server has one, else polling

    openStream(session) {
      if (streamSupported === false || typeof EventSource === 'undefined' || session.source || session.gone) return;
      const source = new EventSource(`/v1/sessions/${session.id}/stream?fps=${STREAM_FPS}`);
      session.source = source;
      let opened = false;
      const fallBack = (answered) => {
        clearTimeout(timer);
        source.close();
        if (session.source !== source) return;
        session.source = null;
        // Refused before it opened (a 404 where the server has no stream route): stop trying.
        if (answered && !opened && streamSupported === null) streamSupported = false;
        session.streaming = false;
        session.emittedThrough = session.latestT;
        if (session === this.session && !session.gone) this.setTransport('polling');
      };
      // A browser keeps about six connections to a server over HTTP/1.1 and a stream holds one
      // for good: a stream that has not opened in time (other tabs hold them) gives up its slot.
      const timer = setTimeout(() => { if (!opened) fallBack(false); }, STREAM_OPEN_MS);
      source.addEventListener('open', () => {
        opened = true;
        clearTimeout(timer);
      });
      source.addEventListener('frame', (message) => {
        if (session !== this.session || session.source !== source) return;
        streamSupported = true;
        if (!session.streaming) {
          session.streaming = true;
          this.setTransport('stream');
        }
        this.accept(JSON.parse(message.data), session);
      });
      source.addEventListener('emitted', (message) => {
        if (session !== this.session) return;
        const data = JSON.parse(message.data);
        this.addEmissions(Array.isArray(data) ? data : data.emitted || [data]);
      });
      // `end`: the session is gone or the stream is over. `error`: refused (404), or dropped; a
      // dropped EventSource would retry by itself, but polling takes over at once instead.
      source.addEventListener('end', () => fallBack(true));
      source.addEventListener('error', () => fallBack(true));
    }

    /** A hidden tab closes its streams, freeing the connections for tabs in view. */
    pauseStream() {
      const session = this.session;
      if (!session || !session.source) return;
      session.source.close();
      session.source = null;
      session.streaming = false;
      session.emittedThrough = session.latestT;
      this.setTransport('polling');
    }

    resumeStream() {
      if (this.session) this.openStream(this.session);
    }

    tick(now) {
      const session = this.session;
      if (session && !session.streaming && !session.fetching && !session.gone && now >= session.retryAt) {
        this.poll(session, now);
      }
      if (this.dirty) this.render();
    }

    async poll(session, now) {
      session.fetching = true;
      const from = session.emittedThrough;
      const to = session.latestT;
      const askEmissions = to - from >= 0.05 && now - session.lastEmissionPoll >= EMISSION_POLL_MS;
      // Every EMISSION_POLL_MS one poll asks /frames for the window since the last one, for what
      // was emitted meanwhile (a completion long after the event that caused it); fps = 1/window
      // keeps that answer to one or two frames.
      const url = askEmissions
        ? `/v1/sessions/${session.id}/frames?from=${from}&to=${to}&fps=${1 / (to - from)}`
        : `/v1/sessions/${session.id}/frame`;
      try {
        const reply = await request('GET', url);
        if (session !== this.session) return;
        if (!reply.ok) {
          this.showProblem(reply.json, `frame answered ${reply.status}`);
          session.retryAt = now + 1000;
          if (reply.status === 404) {
            session.gone = true;
            this.setTransport('error', 'gone');
          }
          return;
        }
        if (askEmissions) {
          session.emittedThrough = to;
          session.lastEmissionPoll = now;
          this.addEmissions(reply.json.emitted);
        } else {
          this.accept(reply.json, session);
        }
      } catch (error) {
        session.retryAt = now + 1000;
        if (session === this.session) this.showProblem(null, `cannot reach the server: ${error.message}`);
      } finally {
        session.fetching = false;
      }
    }

    accept(frame, session) {
      if (!frame || !Array.isArray(frame.layers)) return;
      if (this.frame && frame.t < this.frame.t && this.frame.session === session) return;
      frame.session = session;
      session.latestT = Math.max(session.latestT, frame.t);
      this.frame = frame;
      this.dirty = true;
    }

    // MARK: Drawing

    /** The control's bounds: the back-most layer of its first frame (track, button, backdrop). */
    measure(frame) {
      const back = frame.layers[0];
      if (!back) return;
      this.bounds = { x: back.x, y: back.y, width: Math.max(1, back.width), height: Math.max(1, back.height) };
      this.framed = back.kind !== 'rect';
      this.surface.classList.toggle('framed', this.framed);
      this.bezel.classList.toggle('shown', this.framed);
      // clip-path rather than overflow alone: it clips the backdrop blur at the corners too.
      this.surface.style.borderRadius = this.framed ? `${SCREEN_CORNER}px` : '';
      this.surface.style.clipPath = this.framed ? `inset(0 round ${SCREEN_CORNER}px)` : '';
      this.layout();
    }

    /** Fits the bounds in the stage, centred, at most MAX_SCALE. */
    layout() {
      if (!this.bounds) return;
      const { width, height } = this.bounds;
      const stageWidth = this.stage.clientWidth;
      const stageHeight = this.stage.clientHeight;
      const scale = Math.max(0.05, Math.min((stageWidth - 2 * STAGE_PADDING) / width,
                                             (stageHeight - 2 * STAGE_PADDING) / height, MAX_SCALE));
      this.scale = scale;
      const style = this.surface.style;
      style.width = `${width}px`;
      style.height = `${height}px`;
      style.left = `${Math.round((stageWidth - width * scale) / 2)}px`;
      style.top = `${Math.round((stageHeight - height * scale) / 2)}px`;
      style.transform = `scale(${scale})`;
      style.setProperty('--hairline', `${1 / scale}px`);
      if (this.framed) {
        const bezel = this.bezel.style;
        const edge = BEZEL;
        bezel.left = `${parseFloat(style.left) - edge}px`;
        bezel.top = `${parseFloat(style.top) - edge}px`;
        bezel.width = `${width * scale + 2 * edge}px`;
        bezel.height = `${height * scale + 2 * edge}px`;
        bezel.borderRadius = `${SCREEN_CORNER * scale + edge}px`;
      }
    }

    render() {
      this.dirty = false;
      const frame = this.frame;
      if (!frame) return;
      if (!this.bounds) this.measure(frame);
      this.renderLayers(frame.layers);
      this.renderProperties(frame.properties || {});
      this.clockLabel.textContent = `t ${frame.t.toFixed(2)} s`;
      const properties = frame.properties || {};
      for (const { command, button } of this.commands) {
        const label = command.label(properties);
        if (button.textContent !== label) button.textContent = label;
      }
      this.root.dataset.ready = 'true';
    }

    renderLayers(layers) {
      const seen = new Set();
      layers.forEach((layer, index) => {
        let node = this.layerNodes.get(layer.id);
        if (!node || node.dataset.kind !== layer.kind) {
          if (node) node.remove();
          node = this.makeLayer(layer);
          this.layerNodes.set(layer.id, node);
          this.surface.append(node);
        }
        seen.add(layer.id);
        this.drawLayer(node, layer, index);
      });
      for (const [id, node] of this.layerNodes) {
        if (!seen.has(id)) {
          node.remove();
          this.layerNodes.delete(id);
        }
      }
    }

    makeLayer(layer) {
      let node;
      if (layer.kind === 'arc') {
        node = document.createElementNS(SVG, 'svg');
        node.append(document.createElementNS(SVG, 'path'));
      } else {
        node = element('div');
      }
      // Unknown kinds draw as rects: their frame, colour, corner radius, opacity and scale.
      node.setAttribute('class', `layer ${layer.kind === 'arc' || layer.kind === 'blur' ? layer.kind : 'rect'}`);
      node.dataset.layerId = layer.id;
      node.dataset.kind = layer.kind;
      return node;
    }

    drawLayer(node, layer, index) {
      const b = this.bounds;
      const style = node.style;
      const width = Math.max(0, layer.width);
      const height = Math.max(0, layer.height);
      style.left = `${layer.x - b.x}px`;
      style.top = `${layer.y - b.y}px`;
      style.width = `${width}px`;
      style.height = `${height}px`;
      style.opacity = String(layer.opacity ?? 1);
      style.zIndex = String(index);
      style.transform = layer.scale === undefined || layer.scale === 1 ? '' : `scale(${layer.scale})`;
      style.borderRadius = `${layer.cornerRadius || 0}px`;
      if (layer.kind === 'arc') {
        const stroke = layer.stroke || {};
        const path = node.firstChild;
        node.setAttribute('width', String(width));
        node.setAttribute('height', String(height));
        node.setAttribute('viewBox', `0 0 ${width} ${height}`);
        style.transformOrigin = '50% 50%';
        style.background = layer.backgroundColor || 'transparent';
        path.setAttribute('d', arcPath(width, height, stroke.lineWidth || 1, stroke.strokeEnd ?? 1,
                                       stroke.startAngle ?? -Math.PI / 2, stroke.clockwise !== false));
        path.setAttribute('fill', 'none');
        path.setAttribute('stroke', stroke.color || '#000000ff');
        path.setAttribute('stroke-width', String(stroke.lineWidth || 1));
      } else if (layer.kind === 'blur') {
        const blur = layer.blur || {};
        const fraction = Math.min(1, Math.max(0, blur.fraction || 0));
        const [r, g, bl, a] = blurTint(blur.style);
        const filter = blur.radius > 0 ? `blur(${blur.radius}px)` : 'none';
        style.backdropFilter = filter;
        style.webkitBackdropFilter = filter;
        style.background = `rgba(${r}, ${g}, ${bl}, ${(a * fraction).toFixed(4)})`;
        node.dataset.fraction = String(fraction);
      } else {
        style.background = layer.backgroundColor || 'transparent';
        const clear = isClear(layer.backgroundColor);
        node.classList.toggle('hollow', clear);
        // Filled layers above the back-most that are not hairline-thin cast iOS's soft shadow.
        node.classList.toggle('raised', !clear && index > 0 && width >= 20 && height >= 20);
      }
    }

    renderProperties(properties) {
      for (const [key, value] of Object.entries(properties)) {
        let row = this.propRows.get(key);
        if (!row) {
          row = element('tr');
          row.dataset.prop = key;
          row.append(element('td', '', key), element('td'));
          this.propRows.set(key, row);
          this.propsBody.append(row);
        }
        const raw = JSON.stringify(value);
        if (row.dataset.value === raw) continue;
        row.dataset.value = raw;
        const cell = row.lastChild;
        cell.textContent = '';
        cell.className = typeof value === 'boolean' ? String(value) : '';
        if (isColor(value)) {
          const swatch = element('span', 'swatch');
          swatch.style.background = value;
          cell.append(swatch);
        }
        cell.append(formatValue(value));
        cell.title = formatValue(value);
      }
    }

    // MARK: Emitted log

    addEmissions(list) {
      if (!Array.isArray(list) || list.length === 0) return;
      let added = false;
      for (const emission of list) {
        const key = JSON.stringify(emission);
        if (this.emissions.has(key)) continue;
        this.emissions.set(key, { ...emission, fresh: true });
        added = true;
      }
      if (!added) return;
      // Keep the newest LOG_LIMIT by time.
      if (this.emissions.size > LOG_LIMIT) {
        const oldest = [...this.emissions].sort((a, b) => a[1].t - b[1].t).slice(0, this.emissions.size - LOG_LIMIT);
        for (const [key] of oldest) this.emissions.delete(key);
      }
      this.renderLog();
    }

    renderLog() {
      const list = this.logList;
      list.textContent = '';
      const entries = [...this.emissions.values()].sort((a, b) => b.t - a.t);
      if (entries.length === 0) {
        list.append(element('li', 'empty', 'Nothing yet.'));
        return;
      }
      for (const entry of entries) {
        const { t, name, fresh, ...fields } = entry;
        const item = element('li', fresh ? 'fresh' : '');
        item.dataset.name = name;
        const text = Object.entries(fields).map(([k, v]) => `${k} ${formatValue(v)}`).join(' · ');
        item.append(element('span', 't', formatNumber(t)), element('span', 'name', name), element('span', 'fields', text));
        item.title = JSON.stringify({ t, name, ...fields });
        list.append(item);
        entry.fresh = false;
      }
    }

    // MARK: Status

    setTransport(kind, text) {
      this.transport.className = `badge transport ${kind}`;
      this.transport.textContent = text || kind;
      this.root.dataset.transport = kind;
    }

    /** A problem+json (or a plain message): code, detail and the offending field. */
    showProblem(problem, fallback) {
      const box = this.problemBox;
      box.textContent = '';
      if (problem && typeof problem === 'object' && (problem.detail || problem.title)) {
        if (problem.code) box.append(element('code', '', problem.code), ' ');
        box.append(problem.detail || problem.title);
        if (problem.field) {
          box.append(' — field ');
          box.append(element('code', '', problem.field));
        }
      } else {
        box.append(fallback);
      }
      box.hidden = false;
      this.root.dataset.problem = problem && problem.code ? problem.code : 'error';
    }

    clearProblem() {
      if (this.problemBox.hidden) return;
      this.problemBox.hidden = true;
      delete this.root.dataset.problem;
    }
  }

  function main() {
    const requested = query.get('controls');
    const kinds = requested ? requested.split(',').map((s) => s.trim()).filter(Boolean) : DEFAULT_CONTROLS;
    const template = document.getElementById('panel-template');
    const container = document.getElementById('panels');
    const panels = kinds.map((kind) => new Panel(kind, template));
    for (const panel of panels) container.append(panel.root);
    for (const panel of panels) panel.start(undefined);

    const loop = (now) => {
      for (const panel of panels) panel.tick(now);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);

    document.addEventListener('visibilitychange', () => {
      for (const panel of panels) {
        if (document.hidden) panel.pauseStream();
        else panel.resumeStream();
      }
    });
    // Leave no sessions behind (the server would expire them after an idle hour anyway); a page
    // restored from the back-forward cache starts new ones with the configs it had.
    addEventListener('pagehide', () => { for (const panel of panels) panel.stop(); });
    addEventListener('pageshow', (event) => {
      if (event.persisted) for (const panel of panels) panel.start(panel.appliedConfig);
    });
    window.playground = { panels };
  }

  main();
})();
