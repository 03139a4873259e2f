// ControlSim's browser client, served as GET /client.js: an ES module with no dependencies
// and no build step. Its types are GET /client.d.ts; the API it speaks is GET /openapi.yaml;
// docs/client.md has an example page.
//
//   import { ControlSim } from '/client.js';
//   const sim = new ControlSim();
//   const session = await sim.createSession({ control: 'switch' });
//   session.attach(document.querySelector('#switch'));   // drawn from layers, driven by the pointer
//   session.on('valueChanged', (e) => console.log(e.isOn));
//   session.play();
//
// Time: a session's clock is performance.now() since the session began, on this page; events
// are stamped with it and frames asked for at it, and the loop runs on requestAnimationFrame,
// so a tool that fakes those two (Playwright's clock) drives a session exactly.

/** The four controls every server has, for servers without GET /v1/controls. */
export const BUILT_IN_CONTROLS = Object.freeze(['button', 'progressButton', 'switch', 'card']);

const SVG_NS = 'http://www.w3.org/2000/svg';
/** How often a polled session asks for what was emitted since it last asked. */
const EMISSION_POLL_MS = 250;
/** A stream that has not opened by then makes way for polling (a browser holds ~6 connections). */
const STREAM_OPEN_MS = 3000;
/**
 * At most this many streams at once per server: a browser holds six HTTP/1.1 connections per
 * host, and a page whose every connection is a stream can no longer post an event. Sessions
 * past it poll.
 */
export const MAX_STREAMS = 4;
/** The sessions streaming now, per server host. */
const streamsByHost = new Map();
/** How many emissions a session remembers, to deliver each once. */
const EMISSION_MEMORY = 500;

/** A refusal from the server: its status and its problem+json (`code`, `detail`, `field`). */
export class ControlSimError extends Error {
  constructor(status, problem, message) {
    super(message || (problem && (problem.detail || problem.title)) || `the server answered ${status}`);
    this.name = 'ControlSimError';
    this.status = status;
    this.problem = problem || null;
    this.code = (problem && problem.code) || (status === 0 ? 'unreachable' : 'http_error');
    this.field = (problem && problem.field) || null;
  }
}

/** One server. `baseURL` defaults to the page's own origin; `token` is sent as a bearer token. */
export class ControlSim {
  constructor({ baseURL = '', token = null, fetch: fetchImpl = null } = {}) {
    this.baseURL = String(baseURL).replace(/\/+$/, '');
    this.token = token;
    this.fetch = fetchImpl || ((...args) => globalThis.fetch(...args));
  }

  /** An absolute or page-relative URL for an API path. */
  url(path) {
    return this.baseURL + path;
  }

  /** A request; the parsed JSON answer (null when there is none). Throws ControlSimError. */
  async request(method, path, body) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    let response;
    try {
      response = await this.fetch(this.url(path), {
        method, headers, cache: 'no-store', body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ControlSimError(0, null, `cannot reach ${this.url(path)}: ${error.message}`);
    }
    const text = await response.text();
    let json = null;
    const type = response.headers.get('Content-Type') || '';
    if (text && type.includes('json')) {
      try { json = JSON.parse(text); } catch { json = null; }
    }
    if (!response.ok) throw new ControlSimError(response.status, json);
    return json === null && text && !type.includes('json') ? text : json;
  }

  /**
   * Every control the server has: `GET /v1/controls`, or on a server without that endpoint
   * the four built-in ones by name.
   */
  async controls() {
    try {
      const answer = await this.request('GET', '/v1/controls');
      const list = Array.isArray(answer) ? answer : (answer && answer.controls) || [];
      return list.map((c) => (typeof c === 'string' ? { name: c, builtIn: true } : c));
    } catch (error) {
      if (error.status === 404 || error.status === 405) return BUILT_IN_CONTROLS.map((name) => ({ name, builtIn: true }));
      throw error;
    }
  }

  /** One control with its definition (`GET /v1/controls/{name}`), or null where the server has none. */
  async control(name) {
    try {
      return await this.request('GET', `/v1/controls/${encodeURIComponent(name)}`);
    } catch (error) {
      if (error.status === 404 || error.status === 405) return null;
      throw error;
    }
  }

  /**
   * Creates a session: `{control: name}` or an inline `{definition}`, with `config` and `clock`
   * (`'virtual'`, the default, or `'wall'`); any other member is sent as given.
   */
  async createSession(options = {}) {
    const body = {};
    for (const [key, value] of Object.entries(options)) if (value !== undefined) body[key] = value;
    const json = await this.request('POST', '/v1/sessions', body);
    return new Session(this, json, performance.now());
  }

  /** A session that already exists, its clock continuing from the session's time. */
  async openSession(id) {
    const json = await this.request('GET', `/v1/sessions/${encodeURIComponent(id)}`);
    return new Session(this, json, performance.now());
  }
}

/**
 * One session. An EventTarget: `frame` (detail: the frame), `emitted` (detail: the emission),
 * `problem` (detail: a ControlSimError), `transport` (detail: 'stream' | 'polling' | 'stopped').
 */
export class Session extends EventTarget {
  constructor(client, json, arrived) {
    super();
    this.client = client;
    this.id = json.id;
    this.control = json.control;
    this.clock = json.clock;
    this.config = json.config;
    this.state = json.state || {};
    /** performance.now() at session time 0. */
    this.origin = arrived - (Number(json.time) || 0) * 1000;
    this.lastT = Number(json.time) || 0;
    this.latest = null;
    this.transport = 'stopped';
    this.gone = false;
    this.views = new Set();
    this.bindings = new Set();
    this.queue = [];
    this.posting = false;
    this.seen = new Set();
    this.seenOrder = [];
    this.playing = null;
  }

  /** The session clock now, in seconds. */
  now() {
    return this.timeOf(performance.now());
  }

  /**
   * A wall-clock session's time as the server last told it (`serverTime`, in a frame or an
   * answer): a page clock behind it moves on to it, never back. The page's clock starts when the
   * creation's answer arrives, late by the time it took, so without this the page's stamps lag
   * the server's present: a stepper held shows a step the touch-up then takes back. Not while a
   * pointer is down, so no gesture's samples are spread apart.
   */
  sync(serverTime) {
    if (this.clock !== 'wall' || !Number.isFinite(serverTime)) return;
    for (const view of this.views) if (view.pointerId !== null) return;
    const behind = serverTime - this.now();
    if (behind > 0) this.origin -= behind * 1000;
  }

  /** Session seconds for a performance.now() value, rounded to the microsecond. */
  timeOf(stamp) {
    return Math.max(0, Math.round((stamp - this.origin) * 1000) / 1e6);
  }

  /**
   * Posts one event or a list of them; each without `t` is stamped with the session clock, and
   * no stamp goes back before an earlier one. One request is in flight at a time, the rest wait
   * and go together. Resolves with the server's answer (time, state, accepted, emitted).
   */
  send(events) {
    const list = (Array.isArray(events) ? events : [events]).map((event) => {
      const t = event.t === undefined ? Math.max(this.lastT, this.now()) : event.t;
      this.lastT = Math.max(this.lastT, t);
      return { ...event, t };
    });
    return new Promise((resolve, reject) => {
      this.queue.push({ list, resolve, reject });
      this.pump();
    });
  }

  async pump() {
    if (this.posting || this.queue.length === 0) return;
    const batch = this.queue.splice(0);
    const events = batch.flatMap((b) => b.list);
    this.posting = true;
    try {
      const reply = await this.client.request('POST', `/v1/sessions/${this.id}/events`,
                                              events.length === 1 ? events[0] : { events });
      this.state = reply.state || this.state;
      this.sync(Number(reply.time));
      this.deliver(reply.emitted);
      for (const b of batch) b.resolve(reply);
    } catch (error) {
      if (error.status === 404) this.gone = true;
      this.report(error);
      for (const b of batch) b.reject(error);
    } finally {
      this.posting = false;
      this.pump();
    }
  }

  /** The frame at `t` (default: now on the session clock). */
  frame(t = this.now()) {
    return this.client.request('GET', `/v1/sessions/${this.id}/frame?t=${t}`);
  }

  /** Frames at from + k/fps up to `to`, and what was emitted between. */
  frames({ from = 0, to = from + 1, fps = 60 } = {}) {
    return this.client.request('GET', `/v1/sessions/${this.id}/frames?from=${from}&to=${to}&fps=${fps}`);
  }

  /**
   * A window of motion as Web Animations keyframes (`format: 'waapi'`, the default: an object
   * for playExport) or a stylesheet (`format: 'css'`: text); `name` prefixes its classes.
   */
  keyframes({ from = 0, to = from + 1, fps = 60, format = 'waapi', tolerance, name } = {}) {
    let query = `from=${from}&to=${to}&fps=${fps}&format=${format}`;
    if (tolerance !== undefined) query += `&tolerance=${tolerance}`;
    if (name !== undefined) query += `&name=${encodeURIComponent(name)}`;
    return this.client.request('GET', `/v1/sessions/${this.id}/frames?${query}`);
  }

  /** Deletes the session on the server and stops playing it. */
  async delete() {
    this.stop();
    this.gone = true;
    await this.client.request('DELETE', `/v1/sessions/${this.id}`).catch((error) => {
      if (error.status !== 404) throw error;
    });
  }

  /**
   * `callback(emission)` for every emitted callback named `name` (`'*'`: all); returns a
   * function that stops it.
   */
  on(name, callback) {
    const listener = (event) => {
      if (name === '*' || event.detail.name === name) callback(event.detail);
    };
    this.addEventListener('emitted', listener);
    return () => this.removeEventListener('emitted', listener);
  }

  /** Draws the session into `element` from its frames' layers and forwards pointer input. */
  attach(element, options = {}) {
    const view = new View(this, element, options);
    this.views.add(view);
    if (this.latest) view.render(this.latest);
    return view;
  }

  /**
   * Sets `element`'s styles from named frame properties on every frame: `{left: 'thumbX'}`
   * copies a property, `{transform: (p) => `translateX(${p.thumbCenterX}px)`}` computes a value
   * from all of them (and the frame); `--name` sets a custom property. Returns `{detach()}`.
   */
  bind(element, bindings) {
    const binding = {
      render: (frame) => {
        for (const [style, source] of Object.entries(bindings)) {
          const value = typeof source === 'function' ? source(frame.properties, frame) : frame.properties[source];
          if (value === undefined || value === null) continue;
          if (style.startsWith('--')) element.style.setProperty(style, String(value));
          else element.style[style] = typeof value === 'number' && PX_STYLES.has(style) ? `${value}px` : String(value);
        }
      },
      detach: () => this.bindings.delete(binding),
    };
    this.bindings.add(binding);
    if (this.latest) binding.render(this.latest);
    return binding;
  }

  /**
   * Plays frames as they come: from the SSE stream (`transport: 'stream'`) or by asking for the
   * frame at the session clock on every animation frame (`'polling'`). `'auto'` streams a
   * wall-clock session where the server can, and polls a virtual one (its time is this page's
   * clock). Views and bindings are drawn on requestAnimationFrame.
   */
  play({ transport = 'auto', fps = 60 } = {}) {
    if (this.playing) return this;
    const wantsStream = transport === 'stream' || (transport === 'auto' && this.clock === 'wall');
    this.playing = { fps, wantsStream, fetching: false, retryAt: 0, emittedThrough: this.lastT, lastEmissionPoll: -Infinity,
                     source: null, streaming: false, dirty: false, frameRequest: 0 };
    this.setTransport('polling');
    if (wantsStream && !this.client.token && typeof EventSource !== 'undefined' && this.streamSlots().size < MAX_STREAMS) {
      this.openStream();
    }
    const tick = (now) => {
      if (!this.playing) return;
      this.tick(now);
      this.playing.frameRequest = requestAnimationFrame(tick);
    };
    this.playing.frameRequest = requestAnimationFrame(tick);
    return this;
  }

  /** Stops playing: closes the stream, ends the loop. */
  stop() {
    const playing = this.playing;
    if (!playing) return;
    this.playing = null;
    cancelAnimationFrame(playing.frameRequest);
    if (playing.source) playing.source.close();
    this.streamSlots().delete(this);
    this.setTransport('stopped');
  }

  /** The sessions streaming from this session's server (see MAX_STREAMS). */
  streamSlots() {
    const host = new URL(this.client.url('/'), typeof location === 'undefined' ? 'file:///' : location.href).host;
    if (!streamsByHost.has(host)) streamsByHost.set(host, new Set());
    return streamsByHost.get(host);
  }

  tick(now) {
    const p = this.playing;
    if (!p.streaming && !p.fetching && !this.gone && now >= p.retryAt) this.poll(now);
    if (p.dirty) {
      p.dirty = false;
      for (const view of this.views) view.render(this.latest);
      for (const binding of this.bindings) binding.render(this.latest);
    }
  }

  async poll(now) {
    const p = this.playing;
    p.fetching = true;
    const t = this.now();
    const from = p.emittedThrough;
    // Now and then one request asks for the window since the last one, for what was emitted
    // meanwhile (a completion long after the event that caused it); fps = 1/window keeps that
    // answer to two frames.
    const askEmissions = t - from >= 0.001 && now - p.lastEmissionPoll >= EMISSION_POLL_MS;
    try {
      if (askEmissions) {
        const reply = await this.client.request('GET', `/v1/sessions/${this.id}/frames?from=${from}&to=${t}&fps=${1 / (t - from)}`);
        if (this.playing !== p) return;
        p.emittedThrough = t;
        p.lastEmissionPoll = now;
        this.deliver(reply.emitted);
        this.accept(reply.frames[reply.frames.length - 1]);
      } else {
        // A wall-clock session's present as the server has it (which also sets the page's clock).
        const frame = this.clock === 'wall'
          ? await this.client.request('GET', `/v1/sessions/${this.id}/frame`) : await this.frame(t);
        if (this.playing !== p) return;
        this.accept(frame);
      }
    } catch (error) {
      if (this.playing !== p) return;
      p.retryAt = now + 1000;
      if (error.status === 404) this.gone = true;
      this.report(error);
    } finally {
      p.fetching = false;
    }
  }

  openStream() {
    const p = this.playing;
    const source = new EventSource(this.client.url(`/v1/sessions/${this.id}/stream?fps=${p.fps}`));
    p.source = source;
    this.streamSlots().add(this);
    let opened = false;
    const fallBack = () => {
      clearTimeout(timer);
      source.close();
      if (p.source === source) this.streamSlots().delete(this);
      if (this.playing !== p || p.source !== source) return;
      p.source = null;
      p.streaming = false;
      p.emittedThrough = this.latest ? this.latest.t : this.lastT;
      this.setTransport('polling');
    };
    const timer = setTimeout(() => { if (!opened) fallBack(); }, STREAM_OPEN_MS);
    source.addEventListener('open', () => { opened = true; clearTimeout(timer); });
    source.addEventListener('frame', (message) => {
      if (this.playing !== p) return;
      if (!p.streaming) {
        p.streaming = true;
        this.setTransport('stream');
      }
      this.accept(JSON.parse(message.data));
    });
    source.addEventListener('emitted', (message) => {
      if (this.playing === p) this.deliver([JSON.parse(message.data)]);
    });
    // `end`: the session is gone or the stream is over; `error`: refused or dropped. Polling
    // takes over at once rather than EventSource retrying by itself.
    source.addEventListener('end', (message) => {
      if (message.data && message.data.includes('session_gone')) this.gone = true;
      fallBack();
    });
    source.addEventListener('error', fallBack);
  }

  accept(frame) {
    if (!frame || !Array.isArray(frame.layers)) return;
    if (this.latest && frame.t < this.latest.t) return;
    this.sync(frame.t);
    this.latest = frame;
    if (this.playing) this.playing.dirty = true;
    this.dispatchEvent(new CustomEvent('frame', { detail: frame }));
  }

  /** Each emission once, in time order: `emitted` on the session and on every attached element. */
  deliver(list) {
    if (!Array.isArray(list)) return;
    for (const emission of [...list].sort((a, b) => a.t - b.t)) {
      const key = JSON.stringify(emission);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.seenOrder.push(key);
      if (this.seenOrder.length > EMISSION_MEMORY) this.seen.delete(this.seenOrder.shift());
      this.dispatchEvent(new CustomEvent('emitted', { detail: emission }));
      for (const view of this.views) view.emit(emission);
    }
  }

  report(error) {
    this.dispatchEvent(new CustomEvent('problem', { detail: error }));
  }

  setTransport(kind) {
    if (this.transport === kind) return;
    this.transport = kind;
    this.dispatchEvent(new CustomEvent('transport', { detail: kind }));
  }
}

/**
 * The control's box from its configuration: (0, 0, width, height) when the config has both as
 * positive numbers (a slider, whose back-most layer is its 4 pt track, not its 31 pt bounds).
 */
function configBox(config) {
  const { width, height } = config || {};
  return typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0
    ? { x: 0, y: 0, width, height } : null;
}

/** Styles whose numbers are lengths in pixels, for `bind`. */
const PX_STYLES = new Set(['left', 'top', 'right', 'bottom', 'width', 'height', 'borderRadius', 'margin',
                           'marginLeft', 'marginTop', 'padding', 'fontSize', 'strokeWidth']);

/**
 * A session drawn into an element: a surface the size of the control (the `bounds` option, or
 * (0, 0, width, height) when its config has a `width` and a `height`, or else its first frame's
 * back-most layer), scaled to fit, with one child per layer. Pointer input on it goes to the
 * session as touchDown/Move/Up/Cancel in control coordinates.
 */
export class View {
  constructor(session, element, { scale = 'fit', maxScale = 2, padding = 0, pointer = true, clip = true, bounds = null,
                                  hitSlop = 0 } = {}) {
    this.session = session;
    this.element = element;
    this.options = { scale, maxScale, padding, bounds, hitSlop };
    this.bounds = null;
    this.scaleFactor = 1;
    this.pointerId = null;
    this.surface = document.createElement('div');
    this.surface.className = 'controlsim-surface';
    Object.assign(this.surface.style, { position: 'absolute', left: '0px', top: '0px', transformOrigin: '0 0',
                                        touchAction: 'none', userSelect: 'none' });
    // The control's box clips its layers, as a UIView with clipsToBounds (a scroll view's content).
    if (clip) this.surface.style.overflow = 'hidden';
    if (getComputedStyle(element).position === 'static') element.style.position = 'relative';
    element.append(this.surface);
    this.layers = new Map();
    this.listeners = [];
    if (pointer) this.listen();
    if (typeof ResizeObserver !== 'undefined') {
      this.resize = new ResizeObserver(() => this.layout());
      this.resize.observe(element);
    }
  }

  /** Removes the surface and stops forwarding input. */
  detach() {
    this.session.views.delete(this);
    for (const [target, type, listener] of this.listeners) target.removeEventListener(type, listener);
    if (this.resize) this.resize.disconnect();
    this.surface.remove();
  }

  render(frame) {
    if (!frame) return;
    if (!this.bounds && frame.layers[0]) {
      const back = frame.layers[0];
      const box = this.options.bounds || configBox(this.session.config) || back;
      this.bounds = { x: box.x || 0, y: box.y || 0, width: Math.max(1, box.width), height: Math.max(1, box.height) };
      // A container (a blur, or a box as large as a phone's screen) rather than a control on one.
      this.surface.dataset.framed = String(back.kind !== 'rect' || (this.bounds.width >= 320 && this.bounds.height >= 480));
      this.layout();
    }
    if (!this.bounds) return;
    renderLayers(this.surface, frame.layers, this.bounds, this.layers);
  }

  /** Fits the bounds in the element, centred; `scale` a number fixes it. */
  layout() {
    if (!this.bounds) return;
    const { width, height } = this.bounds;
    const { scale, maxScale, padding } = this.options;
    const boxWidth = this.element.clientWidth || width;
    const boxHeight = this.element.clientHeight || height;
    const s = typeof scale === 'number' ? scale
      : Math.max(0.05, Math.min((boxWidth - 2 * padding) / width, (boxHeight - 2 * padding) / height, maxScale));
    this.scaleFactor = s;
    Object.assign(this.surface.style, {
      width: `${width}px`, height: `${height}px`, transform: `scale(${s})`,
      left: `${Math.round((boxWidth - width * s) / 2)}px`, top: `${Math.round((boxHeight - height * s) / 2)}px`,
    });
    this.surface.style.setProperty('--hairline', `${1 / s}px`);
    this.element.dispatchEvent(new CustomEvent('controlsim:layout', {
      detail: { bounds: this.bounds, scale: s, left: parseFloat(this.surface.style.left), top: parseFloat(this.surface.style.top) },
    }));
  }

  /** A pointer event's position in the control's coordinates. */
  point(event) {
    const box = this.surface.getBoundingClientRect();
    const round = (v) => Math.round(Math.min(1e6, Math.max(-1e6, v)) * 100) / 100;
    return {
      x: round((event.clientX - box.left) / this.scaleFactor + this.bounds.x),
      y: round((event.clientY - box.top) / this.scaleFactor + this.bounds.y),
    };
  }

  emit(emission) {
    const init = { detail: { ...emission, session: this.session.id }, bubbles: true };
    this.element.dispatchEvent(new CustomEvent('controlsim:emitted', init));
    this.element.dispatchEvent(new CustomEvent(`controlsim:${emission.name}`, init));
  }

  /**
   * Forwards an event, its failure reported on the session rather than left unhandled. `ago`:
   * milliseconds before now that the browser saw it (a coalesced sample), so a pan's velocity
   * comes from the samples' own times; the session clock (performance.now()) stays the one time
   * source, as a fake clock wants.
   */
  forward(event, ago = 0) {
    const session = this.session;
    const stamped = ago > 0 ? { ...event, t: Math.max(session.lastT, session.timeOf(performance.now() - ago)) } : event;
    session.send(stamped).catch(() => {});
  }

  listen() {
    const surface = this.surface;
    const on = (type, listener) => {
      surface.addEventListener(type, listener);
      this.listeners.push([surface, type, listener]);
    };
    const press = (event) => {
      if (!this.bounds || (event.pointerType === 'mouse' && event.button !== 0)) return;
      event.preventDefault();
      if (this.pointerId !== null) {
        // Still down: its pointerup was lost. The server refuses a touchDown while one is down.
        const lost = this.pointerId;
        this.pointerId = null;
        if (surface.hasPointerCapture(lost)) surface.releasePointerCapture(lost);
        this.forward({ type: 'touchCancel' });
      }
      this.pointerId = event.pointerId;
      try {
        surface.setPointerCapture(event.pointerId);
      } catch {
        // A pointer the browser does not know as active (a synthetic event): no capture, no harm.
      }
      this.forward({ type: 'touchDown', ...this.point(event) });
    };
    on('pointerdown', press);
    if (this.options.hitSlop > 0) {
      // A press this close around the box goes to the control too (a slider's touch outset); the
      // definition decides what a touch outside its regions does.
      const near = (event) => {
        if (!this.bounds || surface.contains(event.target)) return;
        const { x, y } = this.point(event);
        const slop = this.options.hitSlop, b = this.bounds;
        if (x >= b.x - slop && x <= b.x + b.width + slop && y >= b.y - slop && y <= b.y + b.height + slop) press(event);
      };
      this.element.addEventListener('pointerdown', near);
      this.listeners.push([this.element, 'pointerdown', near]);
    }
    on('pointermove', (event) => {
      if (event.pointerId !== this.pointerId) return;
      // Every sample the browser coalesced into this event (one per frame), each at its own time.
      const samples = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : [];
      for (const sample of samples.length > 0 ? samples : [event]) {
        const ago = Math.min(100, Math.max(0, event.timeStamp - sample.timeStamp)) || 0;
        this.forward({ type: 'touchMove', ...this.point(sample) }, ago);
      }
    });
    const end = (event, type) => {
      if (event.pointerId !== this.pointerId) return;
      this.pointerId = null;
      if (surface.hasPointerCapture(event.pointerId)) surface.releasePointerCapture(event.pointerId);
      this.forward(type === 'touchUp' ? { type, ...this.point(event) } : { type });
    };
    on('pointerup', (event) => end(event, 'touchUp'));
    on('pointercancel', (event) => end(event, 'touchCancel'));
    on('lostpointercapture', (event) => end(event, 'touchCancel'));
  }
}

/** A blur style's tint at full strength (UIBlurEffect.Style names), as the exports draw it. */
export function blurTint(style) {
  const s = String(style || '').toLowerCase();
  if (s.includes('dark')) return [0, 0, 0, 0.55];
  if (s.includes('extralight')) return [255, 255, 255, 0.75];
  if (s.includes('light')) return [255, 255, 255, 0.55];
  return [245, 245, 247, 0.5];
}

const isClear = (color) => !color || /^#[0-9a-f]{6}00$/i.test(color);
const isOpaque = (color) => Boolean(color) && /^#[0-9a-f]{6}ff$/i.test(color);

/**
 * Draws `layers` into `container`: one element per layer id, back to front, the same markup
 * and styles as the CSS and WAAPI exports (position by `translate(x, y) scale(s)` about the
 * centre from the top left of `bounds`). `nodes` (id → element) is kept between calls.
 * Class hints for a page's CSS: `layer` and the kind, `hollow` for a clear rect, `raised` for an
 * opaque rounded rect above the back-most at least 20 points square (a thumb, a card, a sheet;
 * not a scroll view's rows nor a translucent highlight).
 */
export function renderLayers(container, layers, bounds, nodes = new Map()) {
  const seen = new Set();
  layers.forEach((layer, index) => {
    let node = nodes.get(layer.id);
    const kind = layer.kind === 'arc' || layer.kind === 'blur' ? layer.kind : 'rect';
    if (!node || node.dataset.kind !== kind) {
      if (node) node.remove();
      node = kind === 'arc' ? document.createElementNS(SVG_NS, 'svg') : document.createElement('div');
      if (kind === 'arc') node.append(document.createElementNS(SVG_NS, 'circle'));
      node.setAttribute('class', `layer ${kind}`);
      node.dataset.layerId = layer.id;
      node.dataset.kind = kind;
      nodes.set(layer.id, node);
    }
    if (container.children[index] !== node) container.insertBefore(node, container.children[index] || null);
    seen.add(layer.id);
    drawLayer(node, layer, kind, index, bounds);
  });
  for (const [id, node] of nodes) {
    if (!seen.has(id)) {
      node.remove();
      nodes.delete(id);
    }
  }
  return nodes;
}

function drawLayer(node, layer, kind, index, bounds) {
  const style = node.style;
  const width = Math.max(0, layer.width);
  const height = Math.max(0, layer.height);
  style.position = 'absolute';
  style.left = '0px';
  style.top = '0px';
  style.boxSizing = 'border-box';
  style.transformOrigin = '50% 50%';
  style.transform = `translate(${layer.x - bounds.x}px, ${layer.y - bounds.y}px) scale(${layer.scale ?? 1})`;
  style.width = `${width}px`;
  style.height = `${height}px`;
  style.opacity = String(Math.min(1, Math.max(0, layer.opacity ?? 1)));
  style.borderRadius = `${Math.max(0, layer.cornerRadius || 0)}px`;
  style.zIndex = String(index);
  if (kind === 'arc') {
    const stroke = layer.stroke || {};
    const lineWidth = stroke.lineWidth || 1;
    const circle = node.firstChild;
    node.setAttribute('viewBox', `0 0 ${width} ${height}`);
    node.setAttribute('width', String(width));
    node.setAttribute('height', String(height));
    style.overflow = 'visible';
    style.fill = 'none';
    style.backgroundColor = layer.backgroundColor || 'transparent';
    style.stroke = stroke.color || '#000000ff';
    style.strokeWidth = `${lineWidth}px`;
    style.strokeDasharray = '1';
    style.strokeDashoffset = String(1 - (stroke.strokeEnd ?? 1));
    const cx = width / 2, cy = height / 2;
    circle.setAttribute('cx', String(cx));
    circle.setAttribute('cy', String(cy));
    circle.setAttribute('r', String(Math.max(0, Math.min(width, height) / 2 - lineWidth / 2)));
    circle.setAttribute('pathLength', '1');
    // The circle's own path starts at 3 o'clock, clockwise on screen: turned to the start
    // angle, mirrored about its horizontal diameter for counter-clockwise.
    const turn = `rotate(${((stroke.startAngle ?? -Math.PI / 2) * 180) / Math.PI} ${cx} ${cy})`;
    circle.setAttribute('transform', stroke.clockwise === false ? `${turn} translate(0 ${height}) scale(1 -1)` : turn);
  } else if (kind === 'blur') {
    const blur = layer.blur || {};
    const fraction = blur.fraction || 0;
    const [r, g, b, a] = blurTint(blur.style);
    const filter = `blur(${Math.max(0, blur.radius || 0)}px)`;
    style.backdropFilter = filter;
    style.webkitBackdropFilter = filter;
    style.setProperty('--blur-fraction', String(fraction));
    style.backgroundColor = `rgb(${r} ${g} ${b} / ${Math.min(1, Math.max(0, a * fraction))})`;
  } else {
    style.backgroundColor = layer.backgroundColor || 'transparent';
    const clear = isClear(layer.backgroundColor);
    node.classList.toggle('hollow', clear);
    node.classList.toggle('raised', isOpaque(layer.backgroundColor) && (layer.cornerRadius || 0) > 0
                                    && index > 0 && width >= 20 && height >= 20);
  }
}

/**
 * Plays a `format=waapi` export inside `root`: registers its custom properties, inserts its
 * markup when `root` does not hold it yet, applies each element's static style, and starts
 * every animation with `element.animate()`. The Animation objects, to pause, seek or cancel.
 */
export function playExport(exported, root, { insertMarkup = true } = {}) {
  for (const registration of exported.registrations || []) {
    try {
      CSS.registerProperty(registration);
    } catch {
      // Registered already: by another export, or by an @property rule.
    }
  }
  const find = (selector) => (root.matches && root.matches(selector) ? root : root.querySelector(selector));
  if (insertMarkup && !find(`.${exported.name}`)) root.insertAdjacentHTML('beforeend', exported.markup);
  for (const element of exported.elements || []) {
    const node = find(element.selector);
    if (!node) continue;
    for (const [name, value] of Object.entries(element.style)) {
      if (name.startsWith('--')) node.style.setProperty(name, value);
      else node.style[name] = value;
    }
  }
  return (exported.animations || []).flatMap((animation) => {
    const node = find(animation.selector);
    return node ? [node.animate(animation.keyframes, animation.options)] : [];
  });
}
