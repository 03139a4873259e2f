// ControlSim's browser client, served as GET /client.js: an ES module with no dependencies
// and no build step. Its types are GET /client.d.ts; the API it speaks is GET /openapi.yaml;
// docs/client.md has an example page.
//
//   import { ControlSim } from '/client.js';             // or the server's URL + /client.js
//   const sim = new ControlSim();                        // the server this module came from
//   const session = await sim.createSession({ control: 'switch' });
//   session.attach(document.querySelector('#switch'));   // drawn from layers, driven by the pointer
//   session.on('valueChanged', (e) => console.log(e.isOn));
//   session.play();
//
// A scene (docs/scenes.md) is a session too: createSession({ scene: 'settings' }) (or a scene
// document), attach() draws every view's layers clipped as the frame says and forwards each
// pointer as its own finger (`touch`), and emissions carry the `view` that made them.
//
// Time: a session's clock is performance.now() since the session began, on this page; events
// are stamped with it and frames asked for at it, and the loop runs on requestAnimationFrame,
// so a tool that fakes those two (Playwright's clock) drives a session exactly.

/** The four controls every server has, for servers without GET /v1/controls. */
export const BUILT_IN_CONTROLS = Object.freeze(['button', 'progressButton', 'switch', 'card']);

const SVG_NS = 'http://www.w3.org/2000/svg';
/**
 * How much motion a polled session holds ahead: each events answer carries this many seconds of
 * frames (`?window`), and the session asks for the next window when less than AHEAD_LOW_S of it
 * is left, so it draws from what it holds while it fetches.
 */
const AHEAD_S = 0.5;
const AHEAD_LOW_S = 0.3;
/** A session at rest asks again this often, for what other clients changed. */
const REST_POLL_MS = 1000;
/**
 * The server this module was served from (`…/client.js` → its directory): a page anywhere,
 * `file://` too, talks to it without naming it. Empty (the page's origin) when the module is
 * not served over HTTP.
 */
const MODULE_BASE = /^https?:/.test(import.meta.url) ? new URL('.', import.meta.url).href.replace(/\/+$/, '') : '';
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

/**
 * A refusal from the server: its status and its problem+json (`code`, `detail`, `field`), and
 * the request's `url`; the message names both.
 */
export class ControlSimError extends Error {
  constructor(status, problem, message, url = null) {
    const what = (problem && (problem.detail || problem.title)) || `the server answered ${status}`;
    super(message || (url ? `${url}: ${status} ${(problem && problem.code) || ''}: ${what}`.replace(/  +/g, ' ') : what));
    this.name = 'ControlSimError';
    this.status = status;
    this.problem = problem || null;
    this.code = (problem && problem.code) || (status === 0 ? 'unreachable' : 'http_error');
    this.field = (problem && problem.field) || null;
    this.url = url;
  }
}

/**
 * One server. `baseURL` defaults to the server this module was served from (the page's origin
 * when the module is not served over HTTP); `token` is sent as a bearer token.
 */
export class ControlSim {
  constructor({ baseURL = MODULE_BASE, token = null, fetch: fetchImpl = null } = {}) {
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
      throw new ControlSimError(0, null, `${method} ${this.url(path)}: cannot reach the server (${error.message}); `
        + 'is ControlSim running there, and does it allow this page\'s origin (--cors-origins)?', this.url(path));
    }
    const text = await response.text();
    let json = null;
    const type = response.headers.get('Content-Type') || '';
    if (text && type.includes('json')) {
      try { json = JSON.parse(text); } catch { json = null; }
    }
    if (!response.ok) {
      const where = `${method} ${this.url(path)}`;
      // Not ControlSim's problem+json: another server answered (a page's own dev server, say).
      const message = json && json.code ? null
        : `${where}: ${response.status} ${response.statusText || ''} without a ControlSim problem; is ControlSim at ${this.baseURL || 'this page\'s origin'}? (new ControlSim({ baseURL }))`;
      throw new ControlSimError(response.status, json, message, where);
    }
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
    const session = new Session(this, json, performance.now());
    // What reattach() recreates it from, should the server lose it: a scene's as the server
    // writes it (a built-in scene's name is not a scenario's document).
    session.scenario = body.scenario ? { ...body.scenario, events: [...(body.scenario.events || [])] }
      : json.scene ? await this.request('GET', `/v1/sessions/${encodeURIComponent(json.id)}/scenario`).catch(() => null)
        : { ...body, clock: json.clock, events: [] };
    return session;
  }

  /** A session that already exists, its clock continuing from the session's time. */
  async openSession(id) {
    const json = await this.request('GET', `/v1/sessions/${encodeURIComponent(id)}`);
    const session = new Session(this, json, performance.now());
    session.scenario = await this.request('GET', `/v1/sessions/${encodeURIComponent(id)}/scenario`).catch(() => null);
    return session;
  }
}

/**
 * One session. An EventTarget: `frame` (detail: the frame), `emitted` (detail: the emission),
 * `problem` (detail: a ControlSimError), `transport` (detail: 'stream' | 'polling' | 'stopped'),
 * `ended` (detail: {reason, error}: the server no longer has it), `reattached` (detail: {id,
 * previous}).
 */
export class Session extends EventTarget {
  constructor(client, json, arrived) {
    super();
    this.client = client;
    this.id = json.id;
    this.control = json.control;
    /** A scene session's document as the server keeps it (null for a control's session). */
    this.scene = json.scene || null;
    this.clock = json.clock;
    this.config = json.config;
    this.state = json.state || {};
    this.settledAt = json.settledAt === undefined ? null : json.settledAt;
    /** The scenario reattach() recreates the session from: its creation and every accepted event. */
    this.scenario = null;
    /** Why the server no longer has it ('gone', 'damaged'), or null. */
    this.ended = null;
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
    const p = this.playing;
    // A playing session asks for the frames that follow, to draw the event's effect at once.
    const query = [];
    if (p && !p.streaming) query.push(`window=${AHEAD_S}`, `fps=${p.fps}`);
    // A scene answers with the views the batch changed only; the rest keep their last state.
    if (this.scene) query.push('state=changed');
    try {
      const reply = await this.client.request('POST', `/v1/sessions/${this.id}/events${query.length ? `?${query.join('&')}` : ''}`,
                                              events.length === 1 ? events[0] : { events });
      this.state = this.scene ? { ...this.state, ...(reply.state || {}) } : (reply.state || this.state);
      if (reply.settledAt !== undefined) this.settledAt = reply.settledAt;
      if (this.scenario) this.scenario.events.push(...events);
      this.sync(Number(reply.time));
      if (reply.window && this.playing === p && p) this.hold(reply.window, true);
      this.deliver(reply.emitted);
      for (const b of batch) b.resolve(reply);
    } catch (error) {
      this.fail(error);
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

  /**
   * Frames at from + k/fps up to `to`, and what was emitted between. The server's defaults:
   * `from` the session's time, `to` from + 1 (or `'settled'`), `fps` 60.
   */
  frames({ from, to, fps } = {}) {
    return this.client.request('GET', `/v1/sessions/${this.id}/frames${windowQuery({ from, to, fps })}`);
  }

  /**
   * A window of motion as Web Animations keyframes (`format: 'waapi'`, the default: an object
   * for playExport) or a stylesheet (`format: 'css'`: text); `name` prefixes its classes. The
   * window defaults as frames()'s does.
   */
  keyframes({ from, to, fps, format = 'waapi', tolerance, name } = {}) {
    return this.client.request('GET', `/v1/sessions/${this.id}/frames${windowQuery({ from, to, fps, format, tolerance, name })}`);
  }

  /**
   * Recreates the session from its scenario (its creation and every event it accepted) after
   * the server lost it (`ended`): the same motion, a new id; views, bindings and listeners
   * stay. Resolves with the new id.
   */
  async reattach(scenario = this.scenario) {
    if (!scenario) throw new ControlSimError(0, null, `session ${this.id}: no scenario to recreate it from`);
    const json = await this.client.request('POST', '/v1/sessions', { scenario });
    const previous = this.id;
    this.id = json.id;
    this.state = json.state || {};
    this.settledAt = json.settledAt === undefined ? null : json.settledAt;
    this.scenario = { ...scenario, events: [...(scenario.events || [])] };
    // A wall-clock session starts its clock again; a virtual one keeps the page's.
    if (json.clock === 'wall') this.origin = performance.now() - (Number(json.time) || 0) * 1000;
    this.lastT = Math.max(this.lastT, Number(json.time) || 0);
    this.gone = false;
    this.ended = null;
    for (const view of this.views) view.showEnded(null);
    const playing = this.playing;
    if (playing) {
      this.stop();
      this.play({ transport: playing.transport, fps: playing.fps });
    }
    this.dispatchEvent(new CustomEvent('reattached', { detail: { id: this.id, previous } }));
    return this.id;
  }

  /** Deletes the session on the server and stops playing it. */
  async delete() {
    this.stop();
    this.gone = true;
    this.scenario = null;
    await this.client.request('DELETE', `/v1/sessions/${this.id}`).catch((error) => {
      if (error.status !== 404) throw error;
    });
  }

  /**
   * `callback(emission)` for every emitted callback named `name` (`'*'`: all), in a scene only
   * those of the view `view` when given; returns a function that stops it.
   */
  on(name, callback, { view = null } = {}) {
    const listener = (event) => {
      if ((name === '*' || event.detail.name === name) && (view === null || event.detail.view === view)) callback(event.detail);
    };
    this.addEventListener('emitted', listener);
    return () => this.removeEventListener('emitted', listener);
  }

  /**
   * Draws the session into `element` (or the element a selector names) from its frames' layers
   * and forwards pointer input; a scene's as a SceneView (every view, each pointer a finger).
   */
  attach(element, options = {}) {
    const view = this.scene ? new SceneView(this, element, options) : new View(this, element, options);
    this.views.add(view);
    if (this.latest) view.render(this.latest);
    return view;
  }

  /**
   * Sets `element`'s styles from named frame properties on every frame: `{left: 'thumbX'}`
   * copies a property (in a scene `view.property`: `{left: 'slider.thumbX'}`, and a function gets
   * the properties by view), `{transform: (p) => `translateX(${p.thumbCenterX}px)`}` computes a value
   * from all of them (and the frame); `--name` sets a custom property. Returns `{detach()}`.
   */
  bind(target, bindings) {
    const element = typeof target === 'string' ? document.querySelector(target) : target;
    if (!element) throw new TypeError(`bind: no element ${typeof target === 'string' ? `matches '${target}'` : 'given'}`);
    const binding = {
      render: (frame) => {
        const properties = frame.views ? sceneProperties(frame) : frame.properties;
        for (const [style, source] of Object.entries(bindings)) {
          const value = typeof source === 'function' ? source(properties, frame)
            : frame.views ? (properties[source.slice(0, source.indexOf('.'))] || {})[source.slice(source.indexOf('.') + 1)]
              : properties[source];
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
    this.playing = { transport, fps, wantsStream, fetching: false, retryAt: 0, generation: 0, buffer: null, held: [],
                     lastFetch: -Infinity, heldTimer: 0, source: null, streaming: false, dirty: false, frameRequest: 0 };
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
    clearTimeout(playing.heldTimer);
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
    if (!p.streaming) {
      this.drawHeld(this.now());
      if (!p.fetching && !this.gone && now >= p.retryAt && this.wantsMore(now)) this.fetchAhead(now);
    }
    this.paint();
  }

  /**
   * Takes a window of frames to draw from (an events answer's, `fresh`: what the session held
   * is stale, since a later event changed what follows; or one fetched ahead, which extends it).
   * Its emissions wait for the clock to reach them.
   */
  hold(window, fresh) {
    const p = this.playing;
    if (!p || !window || !Array.isArray(window.frames) || window.frames.length === 0) return;
    if (fresh) {
      p.generation += 1;
      p.held = [];
    }
    const frames = window.frames;
    p.buffer = { from: frames[0].t, fps: window.fps, frames, end: frames[frames.length - 1].t };
    p.held = mergeEmissions(p.held, window.emitted);
    this.scheduleHeld();
    if (fresh) {
      // Drawn in this task, so the next paint shows it: no animation frame waits for it.
      this.drawHeld(this.now());
      this.paint();
    }
  }

  /**
   * A timer for the next held emission's time: a callback fires then, within a timer's
   * precision, rather than at the next animation frame after it.
   */
  scheduleHeld() {
    const p = this.playing;
    if (!p) return;
    clearTimeout(p.heldTimer);
    if (p.held.length === 0) return;
    const wait = Math.max(0, this.origin + p.held[0].t * 1000 - performance.now());
    p.heldTimer = setTimeout(() => {
      if (this.playing !== p) return;
      this.drawHeld(this.now());
      this.paint();
      this.scheduleHeld();
    }, wait);
  }

  /** Draws the views and bindings when a new frame came. */
  paint() {
    const p = this.playing;
    if (!p || !p.dirty) return;
    p.dirty = false;
    for (const view of this.views) view.render(this.latest);
    for (const binding of this.bindings) binding.render(this.latest);
  }

  /** The held frame nearest the session time `t` (the last once everything is at rest), and the emissions due by `t`. */
  drawHeld(t) {
    const p = this.playing;
    const buffer = p.buffer;
    if (buffer) {
      const k = Math.round((t - buffer.from) * buffer.fps);
      const index = Math.min(buffer.frames.length - 1, Math.max(0, k));
      if (k <= buffer.frames.length - 1 || this.atRest(buffer)) {
        const frame = buffer.frames[index];
        if (frame !== this.latest) this.accept(frame, true);
      }
    }
    if (p.held.length > 0 && p.held[0].t <= t) {
      const due = [];
      while (p.held.length > 0 && p.held[0].t <= t) due.push(p.held.shift());
      this.deliver(due);
      this.scheduleHeld();
    }
  }

  /** Whether nothing moves after the window's last frame (it reaches `settledAt`). */
  atRest(buffer) {
    return this.settledAt !== null && this.settledAt !== undefined && buffer.end >= this.settledAt - 1e-6;
  }

  /** Whether to fetch: the held frames run out within AHEAD_LOW_S, or at rest, now and then for others' changes. */
  wantsMore(now) {
    const buffer = this.playing.buffer;
    if (!buffer) return true;
    if (this.atRest(buffer)) return now - this.playing.lastFetch >= REST_POLL_MS;
    return buffer.end - this.now() < AHEAD_LOW_S;
  }

  /** The next window: from where the held frames end (so no emission is skipped) to AHEAD_S past now. */
  async fetchAhead(now) {
    const p = this.playing;
    p.fetching = true;
    p.lastFetch = now;
    const generation = p.generation;
    const whilePosting = this.posting;
    const t = this.now();
    const from = p.buffer && !this.atRest(p.buffer) ? Math.min(p.buffer.end, t) : t;
    let to = t + AHEAD_S;
    // Up to the first frame at or after the rest: that frame is the rest.
    if (this.settledAt !== null && this.settledAt !== undefined && this.settledAt >= from) {
      to = Math.min(to, from + Math.ceil((this.settledAt - from) * p.fps - 1e-9) / p.fps);
    }
    // A long gap (a page in the background) is asked for its emissions alone, two frames.
    const fps = to - from > 2 ? 1 / (to - from) : p.fps;
    try {
      const reply = await this.client.request('GET', `/v1/sessions/${this.id}/frames?from=${from}&to=${Math.max(to, from)}&fps=${fps}`);
      // An event answered meanwhile made these stale (or may have: one was in flight).
      if (this.playing !== p || p.generation !== generation || whilePosting) return;
      if (fps !== p.fps) {
        this.deliver(reply.emitted);
        p.buffer = null;
      } else {
        this.hold(reply, false);
      }
    } catch (error) {
      if (this.playing !== p) return;
      p.retryAt = now + 1000;
      this.fail(error);
    } finally {
      p.fetching = false;
    }
  }

  /**
   * A refusal reported on the session; one that says the server no longer has the session
   * (404: expired after its idle time, deleted, or lost in a restart; 503 `session_damaged`)
   * ends it: `ended` on the session, and its views show it.
   */
  fail(error) {
    const reason = error.status === 404 && (!error.code || error.code === 'session_not_found') ? 'gone'
      : error.code === 'session_damaged' ? 'damaged' : null;
    if (reason && !this.ended) {
      this.gone = true;
      this.ended = { reason, error };
      for (const view of this.views) view.showEnded(this.ended);
      this.dispatchEvent(new CustomEvent('ended', { detail: this.ended }));
    }
    this.report(error);
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
      if (message.data && message.data.includes('session_gone')) {
        this.fail(new ControlSimError(404, { code: 'session_not_found', detail: 'the stream ended: the session is gone' },
                                      null, `GET ${this.client.url(`/v1/sessions/${this.id}/stream`)}`));
      }
      fallBack();
    });
    source.addEventListener('error', fallBack);
  }

  /** A frame to draw: a newer one than the last, or (`held`) the held one for the clock's time. */
  accept(frame, held = false) {
    if (!frame || !(Array.isArray(frame.layers) || Array.isArray(frame.views))) return;
    if (!held && this.latest && frame.t < this.latest.t) return;
    // A held frame may be up to half a frame ahead of the clock: only the server's present syncs it.
    if (!held) this.sync(frame.t);
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

/** `?from&to&fps…` with only the members given: the server's defaults for the rest. */
function windowQuery(options) {
  const parts = [];
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined && value !== null) parts.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Emissions by time, `more` added to `list` (both sorted), each once. */
function mergeEmissions(list, more) {
  if (!Array.isArray(more) || more.length === 0) return list;
  const keys = new Set(list.map((e) => JSON.stringify(e)));
  const merged = [...list, ...more.filter((e) => !keys.has(JSON.stringify(e)))];
  return merged.sort((a, b) => a.t - b.t);
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

/** Whether a layer reaches more than half a point past the box (its `scale` about its centre). */
function reachesPast(layers, box) {
  // A sublayer's frame is in its superlayer's coordinates: its own box says nothing here.
  return layers.some((layer) => {
    if (layer.superlayer !== undefined) return false;
    const s = layer.scale ?? 1;
    const cx = layer.x + layer.width / 2, cy = layer.y + layer.height / 2;
    const hw = (Math.abs(layer.width) * s) / 2, hh = (Math.abs(layer.height) * s) / 2;
    return cx - hw < box.x - 0.5 || cy - hh < box.y - 0.5 || cx + hw > box.x + box.width + 0.5 || cy + hh > box.y + box.height + 0.5;
  });
}

/** A scene frame's properties by view id. */
export function sceneProperties(frame) {
  const byView = {};
  for (const entry of (frame && frame.views) || []) byView[entry.view] = (entry.frame && entry.frame.properties) || {};
  return byView;
}

/** The window's box a scene's top-level views span, from (0, 0). */
function sceneBox(scene) {
  let width = 1, height = 1;
  for (const view of (scene && scene.views) || []) {
    const f = view.frame || {};
    width = Math.max(width, (f.x || 0) + (f.width || 0));
    height = Math.max(height, (f.y || 0) + (f.height || 0));
  }
  return { x: 0, y: 0, width, height };
}

/**
 * The samples a pointer move holds (every one the browser coalesced into it, one per frame),
 * each with how many milliseconds before the event it was seen.
 */
function samplesOf(event) {
  const samples = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : [];
  return (samples.length > 0 ? samples : [event])
    .map((sample) => ({ sample, ago: Math.min(100, Math.max(0, event.timeStamp - sample.timeStamp)) || 0 }));
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
  constructor(session, target, { scale = 'fit', maxScale = 2, padding = 0, pointer = true, clip = 'auto', bounds = null,
                                 hitSlop = 0, shadows = true } = {}) {
    const element = typeof target === 'string' ? document.querySelector(target) : target;
    if (!element || typeof element.append !== 'function') {
      throw new TypeError(`attach: no element ${typeof target === 'string' ? `matches '${target}'` : `given (${target})`}`);
    }
    this.session = session;
    this.element = element;
    this.options = { scale, maxScale, padding, bounds, hitSlop, clip, shadows };
    this.bounds = null;
    this.scaleFactor = 1;
    this.pointerId = null;
    this.surface = document.createElement('div');
    this.surface.className = 'controlsim-surface';
    Object.assign(this.surface.style, { position: 'absolute', left: '0px', top: '0px', transformOrigin: '0 0',
                                        touchAction: 'none', userSelect: 'none' });
    // The control's box clips its layers, as a UIView with clipsToBounds (a scroll view's
    // content); 'auto': only while a layer reaches past the box, so a thumb's shadow is not cut
    // square at a switch's edge.
    if (clip === true) this.surface.style.overflow = 'hidden';
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
    renderLayers(this.surface, frame.layers, this.bounds, this.layers, { shadows: this.options.shadows });
    if (this.options.clip === 'auto') this.surface.style.overflow = reachesPast(frame.layers, this.bounds) ? 'hidden' : 'visible';
  }

  /**
   * Shows that the server no longer has the session (`ended`: {reason, error}; null clears it):
   * the control dims under a label naming why, and the element gets `data-controlsim-ended`.
   */
  showEnded(ended) {
    if (this.endedLabel) this.endedLabel.remove();
    this.endedLabel = null;
    this.surface.style.filter = '';
    if (!ended) {
      delete this.element.dataset.controlsimEnded;
      return;
    }
    this.element.dataset.controlsimEnded = ended.reason;
    this.surface.style.filter = 'grayscale(1) opacity(0.45)';
    const label = document.createElement('div');
    label.className = 'controlsim-ended';
    label.textContent = ended.reason === 'damaged' ? 'session damaged on the server' : 'session ended (expired, deleted or lost in a restart)';
    Object.assign(label.style, { position: 'absolute', left: '0', right: '0', bottom: '4px', textAlign: 'center', pointerEvents: 'none',
                                 font: '12px system-ui, sans-serif', color: '#8e1e14' });
    this.element.append(label);
    this.endedLabel = label;
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
    const detail = { bounds: this.bounds, scale: s, left: parseFloat(this.surface.style.left), top: parseFloat(this.surface.style.top) };
    this.element.dispatchEvent(new CustomEvent('controlsimlayout', { detail }));
    // Its former name, kept for pages written against it (the `controlsim:` prefix is the emissions').
    this.element.dispatchEvent(new CustomEvent('controlsim:layout', { detail }));
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
      for (const { sample, ago } of samplesOf(event)) this.forward({ type: 'touchMove', ...this.point(sample) }, ago);
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

/**
 * A scene session drawn into an element: a surface the size of the window the scene's top-level
 * views span (or the `bounds` option), scaled to fit, holding one `controlsim-view` element per
 * view with a control (`data-view`, its id), in the frame's drawing order, clipped to the
 * entry's `clip` and holding that view's layers. Each pointer is a finger: its pointerId maps to
 * the smallest touch id not down, so several pointers at once are several touches.
 */
export class SceneView extends View {
  constructor(session, target, options = {}) {
    super(session, target, { ...options, clip: true });
    this.holders = new Map();
  }

  /** Removes the surface and lifts every finger still down (as touchCancel). */
  detach() {
    for (const touch of (this.touches || new Map()).values()) this.forward({ type: 'touchCancel', touch });
    if (this.touches) this.touches.clear();
    super.detach();
  }

  render(frame) {
    if (!frame || !Array.isArray(frame.views)) return;
    if (!this.bounds) {
      const box = this.options.bounds || sceneBox(this.session.scene);
      this.bounds = { x: box.x || 0, y: box.y || 0, width: Math.max(1, box.width), height: Math.max(1, box.height) };
      this.surface.dataset.framed = 'true';
      this.surface.dataset.scene = 'true';
      this.layout();
    }
    const seen = new Set();
    frame.views.forEach((entry, index) => {
      let holder = this.holders.get(entry.view);
      if (!holder) {
        holder = { node: document.createElement('div'), layers: new Map() };
        holder.node.className = 'controlsim-view';
        holder.node.dataset.view = entry.view;
        holder.node.style.position = 'absolute';
        this.holders.set(entry.view, holder);
      }
      const node = holder.node;
      if (this.surface.children[index] !== node) this.surface.insertBefore(node, this.surface.children[index] || null);
      seen.add(entry.view);
      // Its own stacking context, so its layers' z-indices order them among themselves only.
      node.style.zIndex = String(index);
      const box = entry.clip || this.bounds;
      Object.assign(node.style, { left: `${box.x - this.bounds.x}px`, top: `${box.y - this.bounds.y}px`,
                                  width: `${Math.max(0, box.width)}px`, height: `${Math.max(0, box.height)}px`,
                                  overflow: entry.clip ? 'hidden' : 'visible' });
      const layers = (entry.frame && entry.frame.layers) || [];
      renderLayers(node, layers, { x: box.x, y: box.y }, holder.layers, { shadows: this.options.shadows });
    });
    for (const [id, holder] of this.holders) {
      if (!seen.has(id)) {
        holder.node.remove();
        this.holders.delete(id);
      }
    }
  }

  /** A scene's emission goes to its view's element, from where it bubbles to the attached one. */
  emit(emission) {
    const init = { detail: { ...emission, session: this.session.id }, bubbles: true };
    const holder = emission.view !== undefined && this.holders.get(emission.view);
    const target = holder && holder.node.isConnected ? holder.node : this.element;
    target.dispatchEvent(new CustomEvent('controlsim:emitted', init));
    target.dispatchEvent(new CustomEvent(`controlsim:${emission.name}`, init));
  }

  /** The smallest touch id no finger holds. */
  freeTouch() {
    const used = new Set(this.touches.values());
    let id = 1;
    while (used.has(id)) id += 1;
    return id;
  }

  listen() {
    /** pointerId → the touch id it is on the server. */
    this.touches = new Map();
    const surface = this.surface;
    const on = (type, listener) => {
      surface.addEventListener(type, listener);
      this.listeners.push([surface, type, listener]);
    };
    // Session.sync holds its clock still while any finger is down.
    const noteDown = () => { this.pointerId = this.touches.size > 0 ? this.touches.keys().next().value : null; };
    on('pointerdown', (event) => {
      if (!this.bounds || (event.pointerType === 'mouse' && event.button !== 0)) return;
      event.preventDefault();
      if (this.touches.has(event.pointerId)) {
        // Still down: its pointerup was lost. The server refuses a touch id reused while down.
        this.forward({ type: 'touchCancel', touch: this.touches.get(event.pointerId) });
        this.touches.delete(event.pointerId);
      }
      const touch = this.freeTouch();
      this.touches.set(event.pointerId, touch);
      noteDown();
      try {
        surface.setPointerCapture(event.pointerId);
      } catch {
        // A pointer the browser does not know as active (a synthetic event): no capture, no harm.
      }
      this.forward({ type: 'touchDown', touch, ...this.point(event) });
    });
    on('pointermove', (event) => {
      const touch = this.touches.get(event.pointerId);
      if (touch === undefined) return;
      for (const { sample, ago } of samplesOf(event)) this.forward({ type: 'touchMove', touch, ...this.point(sample) }, ago);
    });
    const end = (event, type) => {
      const touch = this.touches.get(event.pointerId);
      if (touch === undefined) return;
      this.touches.delete(event.pointerId);
      noteDown();
      if (surface.hasPointerCapture(event.pointerId)) surface.releasePointerCapture(event.pointerId);
      this.forward(type === 'touchUp' ? { type, touch, ...this.point(event) } : { type, touch });
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
 * Classes for a page's CSS: `layer` and the kind, `hollow` for a clear rect, `raised` for an
 * opaque rounded rect above the back-most at least 20 points square (a thumb, a card, a sheet;
 * not a scroll view's rows nor a translucent highlight). A raised layer casts RAISED_SHADOW, as
 * UIKit's thumbs and cards do, unless `shadows` is false.
 */
export function renderLayers(container, layers, bounds, nodes = new Map(), { shadows = true } = {}) {
  const seen = new Set();
  // Sublayers (a layer naming its `superlayer`) by the superlayer's id, drawn in its group.
  const sublayers = new Map();
  const ids = new Set(layers.map((layer) => layer.id));
  for (const layer of layers) {
    if (layer.superlayer === undefined || !ids.has(layer.superlayer)) continue;
    if (!sublayers.has(layer.superlayer)) sublayers.set(layer.superlayer, []);
    sublayers.get(layer.superlayer).push(layer);
  }
  const roots = sublayers.size > 0 ? layers.filter((layer) => layer.superlayer === undefined || !ids.has(layer.superlayer)) : layers;
  drawLevel(container, roots, bounds, nodes, sublayers, seen, shadows);
  for (const [id, node] of nodes) {
    if (!seen.has(id)) {
      node.remove();
      nodes.delete(id);
    }
  }
  return nodes;
}

/** A group's key in `renderLayers`' nodes (no layer id starts with a control character). */
const GROUP = '\u0001';

/**
 * `layers` (siblings, back to front) into `container`. A superlayer's sublayers go in a group
 * element right after it (class `sublayers`, `data-superlayer` its id) placed, turned, scaled
 * and faded as the superlayer is, so a sublayer's frame is in its superlayer's coordinates as
 * in Core Animation, clipped to its rounded bounds while it masks to bounds.
 */
function drawLevel(container, layers, bounds, nodes, sublayers, seen, shadows) {
  let at = 0;
  layers.forEach((layer, index) => {
    let node = nodes.get(layer.id);
    const kind = LAYER_KINDS.includes(layer.kind) ? layer.kind : 'rect';
    if (!node || node.dataset.kind !== kind) {
      if (node) node.remove();
      const drawn = kind === 'arc' || kind === 'shape' || kind === 'symbol';
      node = drawn ? document.createElementNS(SVG_NS, 'svg') : document.createElement('div');
      if (kind === 'arc') node.append(document.createElementNS(SVG_NS, 'circle'));
      if (kind === 'shape' || kind === 'symbol') node.append(document.createElementNS(SVG_NS, 'path'));
      node.setAttribute('class', `layer ${kind}`);
      node.dataset.layerId = layer.id;
      node.dataset.kind = kind;
      nodes.set(layer.id, node);
    }
    if (container.children[at] !== node) container.insertBefore(node, container.children[at] || null);
    at += 1;
    seen.add(layer.id);
    drawLayer(node, layer, kind, index, bounds, shadows);
    const inside = sublayers.get(layer.id);
    if (!inside) return;
    let group = nodes.get(GROUP + layer.id);
    if (!group) {
      group = document.createElement('div');
      group.className = 'sublayers';
      group.dataset.superlayer = layer.id;
      nodes.set(GROUP + layer.id, group);
    }
    if (container.children[at] !== group) container.insertBefore(group, container.children[at] || null);
    at += 1;
    seen.add(GROUP + layer.id);
    place(group.style, layer, index, bounds);
    const masks = layer.masksToBounds === true;
    group.style.overflow = masks ? 'hidden' : 'visible';
    group.style.borderRadius = masks ? `${Math.max(0, layer.cornerRadius || 0)}px` : '';
    drawLevel(group, inside, { x: 0, y: 0 }, nodes, sublayers, seen, shadows);
  });
}

/**
 * Places a layer's element (or its sublayers' group): its frame from the top left of `bounds`,
 * its transform about its anchor point, its size, opacity and stacking order.
 */
function place(style, layer, index, bounds) {
  style.position = 'absolute';
  style.left = '0px';
  style.top = '0px';
  style.boxSizing = 'border-box';
  const t = layer.transform;
  const scale = layer.scale ?? 1;
  if (t) {
    // CATransform3D about the anchor point: translation, rotation, scale (`scale` multiplies both).
    style.transformOrigin = `${(t.anchorX ?? 0.5) * 100}% ${(t.anchorY ?? 0.5) * 100}%`;
    style.transform = `translate(${layer.x - bounds.x + (t.translationX || 0)}px, ${layer.y - bounds.y + (t.translationY || 0)}px)`
      + ` rotate(${t.rotation || 0}rad) scale(${scale * (t.scaleX ?? 1)}, ${scale * (t.scaleY ?? 1)})`;
  } else {
    style.transformOrigin = '50% 50%';
    style.transform = `translate(${layer.x - bounds.x}px, ${layer.y - bounds.y}px) scale(${scale})`;
  }
  style.width = `${Math.max(0, layer.width)}px`;
  style.height = `${Math.max(0, layer.height)}px`;
  style.opacity = String(Math.min(1, Math.max(0, layer.opacity ?? 1)));
  style.zIndex = String(index);
}

/** The shadow a raised layer casts (UISwitch's thumb: a soft 8 pt blur and a tight 1 pt one, 3 pt down). */
export const RAISED_SHADOW = '0 3px 8px rgba(0, 0, 0, 0.15), 0 3px 1px rgba(0, 0, 0, 0.06)';

function drawLayer(node, layer, kind, index, bounds, shadows) {
  const style = node.style;
  const width = Math.max(0, layer.width);
  const height = Math.max(0, layer.height);
  place(style, layer, index, bounds);
  style.borderRadius = `${Math.max(0, layer.cornerRadius || 0)}px`;
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
  } else if (kind === 'shape') {
    const path = layer.path || {};
    const element = node.firstChild;
    node.setAttribute('viewBox', `0 0 ${width} ${height}`);
    node.setAttribute('width', String(width));
    node.setAttribute('height', String(height));
    style.overflow = 'visible';
    style.backgroundColor = layer.backgroundColor || 'transparent';
    element.setAttribute('d', path.data || '');
    element.setAttribute('pathLength', '1');
    style.fill = path.fillColor || 'none';
    style.stroke = path.strokeColor || 'none';
    style.strokeWidth = `${path.lineWidth ?? 1}px`;
    style.strokeLinecap = path.lineCap || 'butt';
    style.strokeLinejoin = path.lineJoin || 'miter';
    // strokeStart to strokeEnd of the path's length (1, as pathLength says).
    const start = Math.min(1, Math.max(0, path.strokeStart ?? 0));
    const end = Math.min(1, Math.max(start, path.strokeEnd ?? 1));
    style.strokeDasharray = `${end - start} 2`;
    style.strokeDashoffset = String(-start);
  } else if (kind === 'text') {
    const text = layer.text || {};
    style.backgroundColor = layer.backgroundColor || 'transparent';
    style.display = 'flex';
    style.alignItems = 'center';
    style.justifyContent = { center: 'center', right: 'flex-end' }[text.alignment] || 'flex-start';
    style.textAlign = text.alignment === 'center' || text.alignment === 'right' ? text.alignment : 'left';
    style.whiteSpace = 'pre';
    style.color = text.color || '#000000ff';
    style.font = `${text.fontWeight ?? 400} ${text.fontSize ?? 17}px ${SYSTEM_FONT}`;
    if (node.textContent !== (text.string ?? '')) node.textContent = text.string ?? '';
  } else if (kind === 'symbol') {
    const symbol = layer.symbol || {};
    const glyph = SYMBOLS[symbol.name];
    const size = symbol.pointSize ?? 17;
    node.setAttribute('viewBox', `${12 - (12 * width) / size} ${12 - (12 * height) / size} ${(24 * width) / size} ${(24 * height) / size}`);
    node.setAttribute('width', String(width));
    node.setAttribute('height', String(height));
    style.overflow = 'visible';
    style.backgroundColor = layer.backgroundColor || 'transparent';
    style.fill = symbol.color || '#000000ff';
    node.firstChild.setAttribute('d', glyph || '');
    // A name the client has no glyph for is drawn as nothing and said so on the element.
    if (glyph) delete node.dataset.missingSymbol;
    else node.dataset.missingSymbol = String(symbol.name);
  } else {
    style.backgroundColor = layer.backgroundColor || 'transparent';
    const clear = isClear(layer.backgroundColor);
    node.classList.toggle('hollow', clear);
    const raised = isOpaque(layer.backgroundColor) && (layer.cornerRadius || 0) > 0 && index > 0 && width >= 20 && height >= 20;
    node.classList.toggle('raised', raised);
    style.boxShadow = raised && shadows && !layer.shadow ? RAISED_SHADOW : '';
  }
  // masksToBounds clips the layer's own drawing too (a path past its bounds), and its shadow.
  if (layer.masksToBounds !== undefined) style.overflow = layer.masksToBounds ? 'hidden' : (kind === 'rect' || kind === 'text' || kind === 'blur' ? '' : 'visible');
  // CALayer's border, drawn inside the frame, and its shadow (a CSS blur radius of twice
  // shadowRadius: chosen, no source found), in place of the raised look.
  style.border = layer.borderWidth > 0 ? `${layer.borderWidth}px solid ${layer.borderColor || '#000000ff'}` : '';
  if (layer.shadow) {
    const shadow = layer.shadow;
    const [r, g, b, a] = rgba(shadow.color);
    const alpha = Math.min(1, Math.max(0, a * (shadow.opacity ?? 0)));
    style.boxShadow = alpha > 0 && layer.masksToBounds !== true
      ? `${shadow.offsetX || 0}px ${shadow.offsetY ?? -3}px ${2 * Math.max(0, shadow.radius ?? 3)}px rgb(${r} ${g} ${b} / ${alpha})`
      : '';
  }
}

/** The layer kinds the client draws (any other is drawn as a rect). */
const LAYER_KINDS = ['rect', 'arc', 'blur', 'shape', 'text', 'symbol'];

const SYSTEM_FONT = "-apple-system, system-ui, 'Helvetica Neue', sans-serif";

/** A `#rrggbbaa` colour's red, green, blue (0–255) and alpha (0–1). */
function rgba(color) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(color || '');
  if (!m) return [0, 0, 0, 1];
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16), m[4] ? parseInt(m[4], 16) / 255 : 1];
}

/**
 * The glyphs the client draws for a symbol layer, by SF Symbol name, as paths in a 24-point box
 * centred on (12, 12) (drawn for the client, not Apple's artwork). Any other name is drawn as
 * nothing, with `data-missing-symbol` on its element.
 */
export const SYMBOLS = {
  'heart': 'M12 20.5 4.2 13A4.8 4.8 0 0 1 11 6.2l1 1 1-1A4.8 4.8 0 0 1 19.8 13Zm0-2.5 6.4-6.3a2.8 2.8 0 0 0-4-4L12 10l-2.4-2.3a2.8 2.8 0 0 0-4 4Z',
  'heart.fill': 'M12 20.5 4.2 13A4.8 4.8 0 0 1 11 6.2l1 1 1-1A4.8 4.8 0 0 1 19.8 13Z',
  'checkmark': 'M4 12.5 5.4 11l4.1 4.1L18.6 6 20 7.4 9.5 18Z',
  'xmark': 'M5.6 4.2 12 10.6l6.4-6.4 1.4 1.4-6.4 6.4 6.4 6.4-1.4 1.4-6.4-6.4-6.4 6.4-1.4-1.4 6.4-6.4-6.4-6.4Z',
  'plus': 'M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7Z',
  'minus': 'M4 11h16v2H4Z',
  'chevron.right': 'm8.6 5.4 1.4-1.4 8 8-8 8-1.4-1.4 6.6-6.6Z',
  'chevron.left': 'M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12Z',
  'trash': 'M9 3h6l1 2h4v2H4V5h4Zm-3 5h12l-1 13H7Zm3 2 .5 9h1.5l-.5-9Zm4.5 0-.5 9h1.5l.5-9Z',
  'star.fill': 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z',
};

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
