// ControlSim playground, on the client module (/client.js): one panel per control the server
// has (GET /v1/controls, or the four built-in ones where the server has no such endpoint),
// each on its own wall-clock session. Panels know nothing of any control: each is drawn from
// its frames' `layers`, lists whatever properties its frames carry, and offers the commands its
// definition declares. `?controls=switch,card` picks controls, `?transport=polling` polls,
// `?clock=virtual` makes virtual-clock sessions (their time the page's). Below them, the scene
// panel: a built-in scene (`?scene=sheetList` picks one, `?scene=none` leaves the panel out) on
// its own session, driven with the pointer, its state shown by view.

import { ControlSim, ControlSimError } from '/client.js';

const query = new URLSearchParams(location.search);
const TRANSPORT = query.get('transport') === 'polling' ? 'polling' : 'auto';
const CLOCK = query.get('clock') === 'virtual' ? 'virtual' : 'wall';
const LOG_LIMIT = 60;
const SCREEN_CORNER = 44;   // a framed (container) control's corner radius, in points
const BEZEL = 6;            // CSS pixels of phone around it

// Commands of the four seed controls, for a server whose controls carry no definitions: a
// boolean parameter with `toggles` takes the opposite of that frame property.
const SEED_COMMANDS = {
  button: [
    { name: 'setSelected', parameters: [{ name: 'selected', type: 'bool', toggles: 'selected' }] },
    { name: 'setEnabled', parameters: [{ name: 'enabled', type: 'bool', toggles: 'enabled' }] },
  ],
  progressButton: [
    { name: 'start', parameters: [{ name: 'startRatio', default: 0 }] },
    { name: 'pause', parameters: [] }, { name: 'resume', parameters: [] }, { name: 'cancel', parameters: [] },
  ],
  switch: [{ name: 'setOn', parameters: [{ name: 'on', type: 'bool', toggles: 'isOn' }, { name: 'animated', default: true }] }],
  card: [{ name: 'expand', parameters: [] }, { name: 'collapse', parameters: [] }, { name: 'toggle', parameters: [] }],
};

const sim = new ControlSim();

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

/** `progressButton` → `Progress button`. */
function humanise(name) {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A definition's commands as [{name, parameters: [{name, type, default}]}], from whichever of
 * the shapes a definition may use: `{name: {parameters: {...}}}`, `[{name, parameters}]`, names.
 */
export function commandsOf(definition) {
  const commands = definition && definition.commands;
  if (!commands) return null;
  const parameters = (spec) => {
    const list = spec && (spec.parameters || spec.params);
    if (!list) return [];
    if (Array.isArray(list)) return list.map((p) => (typeof p === 'string' ? { name: p } : { ...p }));
    return Object.entries(list).map(([name, p]) => ({ name, ...(typeof p === 'object' ? p : { type: p }) }));
  };
  if (Array.isArray(commands)) {
    return commands.map((c) => (typeof c === 'string' ? { name: c, parameters: [] } : { name: c.name, parameters: parameters(c) }));
  }
  return Object.entries(commands).map(([name, spec]) => ({ name, parameters: parameters(spec) }));
}

/**
 * Where a JSON pointer's value is in `text` (valid JSON): {start, end, line}, for the deepest
 * part of the pointer the document has (a missing member points at the object that lacks it).
 */
export function locate(text, pointer) {
  const want = String(pointer || '').split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let best = { depth: -1, start: 0, end: text.length };
  let i = 0;
  const space = () => { while (i < text.length && /\s/.test(text[i])) i++; };
  const string = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const value = (path) => {
    space();
    const start = i;
    if (text[i] === '{' || text[i] === '[') {
      const object = text[i] === '{';
      i++;
      space();
      let index = 0;
      while (i < text.length && text[i] !== (object ? '}' : ']')) {
        space();
        let key = String(index++);
        if (object) {
          key = string();
          space();
          i++;   // the colon
        }
        value([...path, key]);
        space();
        if (text[i] === ',') i++;
        space();
      }
      i++;
    } else if (text[i] === '"') {
      string();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
    }
    const matches = path.length <= want.length && path.every((p, k) => p === want[k]);
    if (matches && path.length > best.depth) best = { depth: path.length, start, end: i };
  };
  value([]);
  return { start: best.start, end: best.end, line: text.slice(0, best.start).split('\n').length };
}

/**
 * The boolean frame property a boolean parameter without a default sets, by name: `selected`
 * for `selected`, `isOn` for `on`; a command button then offers its opposite.
 */
function togglesOf(parameter, properties) {
  if (parameter.default !== undefined || !['bool', 'boolean'].includes(parameter.type)) return undefined;
  const name = parameter.name;
  return [name, `is${name.charAt(0).toUpperCase()}${name.slice(1)}`].find((p) => typeof properties[p] === 'boolean');
}

/**
 * A number parameter without a default: 1 or 0 against a frame property of its name (a
 * slider's `value` at 0 gets 1, elsewhere 0), otherwise 0; kept within its bounds.
 */
function numberFor(parameter, properties) {
  const current = properties[parameter.name];
  const wanted = typeof current === 'number' && current === 0 ? 1 : 0;
  return Math.min(parameter.maximum ?? Infinity, Math.max(parameter.minimum ?? -Infinity, wanted));
}

/** The cases the session's config names somewhere (a sheet's configured detents), or all of them. */
function casesInUse(cases, config) {
  const named = new Set();
  const walk = (value) => {
    if (typeof value === 'string') named.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(config);
  const used = cases.filter((c) => named.has(c));
  return used.length > 0 ? used : cases;
}

/**
 * An enum parameter without a default: the case after the one last sent, or at first after the
 * one a frame property shows (a sheet's `selectedDetent`), cycling.
 */
function nextCase(cases, sent, properties) {
  const shown = cases.includes(sent) ? sent
    : Object.values(properties).find((value) => typeof value === 'string' && cases.includes(value));
  return shown === undefined ? cases[0] : cases[(cases.indexOf(shown) + 1) % cases.length];
}

class Panel {
  constructor(control, template) {
    this.control = control;
    this.root = template.content.firstElementChild.cloneNode(true);
    this.root.dataset.control = control.name;
    const $ = (selector) => this.root.querySelector(selector);
    $('.title').textContent = control.title || humanise(control.name);
    $('.note').textContent = control.description || (control.builtIn === false ? 'Registered on this server' : 'Built in');
    this.transportBadge = $('.transport');
    this.clockLabel = $('.clock');
    this.stage = $('.stage');
    this.bezel = $('.bezel');
    this.commandBar = $('.commands');
    this.problemBox = $('.problem');
    this.propsBody = $('.props tbody');
    this.logList = $('.log');
    this.configText = $('.config-text');
    this.sessionLabel = $('.session-id');
    this.definitionBox = $('.definition');
    this.definitionText = $('.definition-text');
    this.definitionProblem = $('.definition-problem');
    this.session = null;
    this.view = null;
    this.propRows = new Map();
    this.emissions = [];
    this.toggles = new Map();
    this.commandButtons = [];
    this.definition = null;

    $('.apply').addEventListener('click', () => this.applyConfig());
    $('.defaults').addEventListener('click', () => this.start({}));
    $('.clear-log').addEventListener('click', () => { this.emissions = []; this.renderLog(); });
    $('.event-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.sendText($('.event-text').value);
    });
    $('.try').addEventListener('click', () => this.tryDefinition());
    $('.register').addEventListener('click', () => this.registerDefinition($('.register-name').value.trim()));
    this.stage.addEventListener('controlsimlayout', (event) => this.placeBezel(event.detail));
  }

  /** The control's definition and commands, from the server when it has them. */
  async describe() {
    let info = null;
    try {
      info = await sim.control(this.control.name);
    } catch (error) {
      this.showProblem(error);
    }
    this.definition = info && info.definition ? info.definition : null;
    const commands = commandsOf(this.definition) || SEED_COMMANDS[this.control.name] || [];
    this.commandButtons = commands.map((command) => {
      const button = element('button');
      button.type = 'button';
      button.dataset.command = command.name;
      button.addEventListener('click', () => this.send(this.commandEvent(command)));
      this.commandBar.append(button);
      return { command, button };
    });
    this.labelCommands();
    if (this.definition) {
      this.definitionBox.hidden = false;
      this.definitionText.value = JSON.stringify(this.definition, null, 2);
    }
  }

  /**
   * `{type: name, ...}`: defaults, and booleans toggled from a frame property or from the last
   * press; `preview` tells the next event without counting a press.
   */
  commandEvent(command, preview = false) {
    const event = { type: command.name };
    const properties = this.properties();
    for (const parameter of command.parameters) {
      const toggles = parameter.toggles ?? togglesOf(parameter, properties);
      if (toggles !== undefined) {
        event[parameter.name] = properties[toggles] === false;
      } else if (parameter.default !== undefined) {
        event[parameter.name] = parameter.default;
      } else if (parameter.type === 'bool' || parameter.type === 'boolean') {
        const key = `${command.name}.${parameter.name}`;
        event[parameter.name] = !this.toggles.get(key);
        if (!preview) this.toggles.set(key, event[parameter.name]);
      } else if (parameter.type === 'number') {
        event[parameter.name] = numberFor(parameter, properties);
      } else if (parameter.type === 'enum' && Array.isArray(parameter.cases) && parameter.cases.length > 0) {
        const key = `${command.name}.${parameter.name}`;
        event[parameter.name] = nextCase(casesInUse(parameter.cases, this.session && this.session.config),
                                         this.toggles.get(key), properties);
        if (!preview) this.toggles.set(key, event[parameter.name]);
      }
    }
    return event;
  }

  labelCommands() {
    for (const { command, button } of this.commandButtons) {
      const { type, ...parameters } = this.commandEvent(command, true);
      const label = `${type}(${Object.values(parameters).map(formatValue).join(', ')})`;
      if (button.textContent !== label) button.textContent = label;
    }
  }

  properties() { return (this.session && this.session.latest && this.session.latest.properties) || {}; }

  // MARK: Sessions

  /** Starts a wall-clock session of the control (or of `definition` inline) and shows it here. */
  async start({ config, definition } = {}) {
    const generation = (this.generation = (this.generation || 0) + 1);
    let session;
    try {
      session = await sim.createSession(definition ? { definition, config, clock: CLOCK } : { control: this.control.name, config, clock: CLOCK });
    } catch (error) {
      if (generation === this.generation) this.showProblem(error);
      return error;
    }
    if (generation !== this.generation) {
      session.delete().catch(() => {});
      return null;
    }
    this.stop();
    this.clearProblem();
    this.session = session;
    this.appliedConfig = config;
    this.root.dataset.ready = 'false';
    this.root.dataset.sessionId = session.id;
    this.sessionLabel.textContent = `session ${session.id}`;
    this.sessionLabel.title = `/v1/sessions/${session.id}`;
    this.configText.value = JSON.stringify(session.config, null, 2);
    for (const row of this.propRows.values()) row.remove();
    this.propRows.clear();
    this.emissions = [];
    this.renderLog();
    this.view = session.attach(this.stage, { padding: 16, maxScale: 2, hitSlop: 16 });
    session.addEventListener('frame', (event) => this.showFrame(event.detail));
    session.addEventListener('transport', (event) => this.setTransport(event.detail));
    session.addEventListener('problem', (event) => this.showProblem(event.detail));
    session.on('*', (emission) => this.addEmission(emission));
    session.play({ transport: TRANSPORT });
    this.setTransport(session.transport);
    return null;
  }

  /** Leaves the current session: stops it and deletes it on the server, even as the page goes. */
  stop() {
    const old = this.session;
    if (!old) return;
    this.session = null;
    old.stop();
    if (this.view) this.view.detach();
    this.view = null;
    fetch(sim.url(`/v1/sessions/${old.id}`), { method: 'DELETE', keepalive: true }).catch(() => {});
  }

  applyConfig() {
    let config;
    try {
      config = JSON.parse(this.configText.value);
    } catch (error) {
      this.showProblem(null, `the config is not valid JSON: ${error.message}`);
      return;
    }
    this.start({ config });
  }

  sendText(text) {
    let event;
    try {
      event = JSON.parse(text);
    } catch (error) {
      this.showProblem(null, `the event is not valid JSON: ${error.message}`);
      return;
    }
    this.send(event);
  }

  send(event) {
    if (!this.session) return;
    this.session.send(event).then(() => this.clearProblem(), () => {});
  }

  // MARK: Definitions

  readDefinition() {
    try {
      return JSON.parse(this.definitionText.value);
    } catch (error) {
      this.showDefinitionProblem(null, `not valid JSON: ${error.message}`);
      return undefined;
    }
  }

  async tryDefinition() {
    const definition = this.readDefinition();
    if (definition === undefined) return;
    const error = await this.start({ definition });
    if (error) this.showDefinitionProblem(error); else this.definitionProblem.hidden = true;
  }

  async registerDefinition(name) {
    const definition = this.readDefinition();
    if (definition === undefined) return;
    if (!name) {
      this.showDefinitionProblem(null, 'give the new control a name');
      return;
    }
    try {
      await sim.request('POST', '/v1/controls', { name, definition });
    } catch (error) {
      this.showDefinitionProblem(error);
      return;
    }
    this.definitionProblem.hidden = true;
    addPanel({ name, builtIn: false });
  }

  /** The problem, and the definition's offending member selected in the editor. */
  showDefinitionProblem(error, fallback) {
    const box = this.definitionProblem;
    box.textContent = '';
    if (error && error.problem) {
      box.append(element('code', '', error.code), ' ', error.problem.detail || error.message);
      if (error.field && /^\/definition(\/|$)/.test(error.field)) {
        // A pointer into the request body's definition member, which is the editor's text.
        const at = locate(this.definitionText.value, error.field.replace(/^\/definition(?=\/|$)/, ''));
        box.append(' — at ', element('code', '', error.field), ` (line ${at.line})`);
        this.definitionText.focus();
        this.definitionText.setSelectionRange(at.start, at.end);
        box.dataset.line = String(at.line);
      }
    } else {
      box.append(fallback || (error && error.message) || 'failed');
    }
    box.hidden = false;
  }

  // MARK: Drawing

  showFrame(frame) {
    this.clockLabel.textContent = `t ${frame.t.toFixed(2)} s`;
    this.renderProperties(frame.properties || {});
    this.labelCommands();
    this.root.dataset.ready = 'true';
  }

  /** The phone around a framed control (one whose back-most layer is not a rect). */
  placeBezel({ bounds, scale, left, top }) {
    const surface = this.view && this.view.surface;
    const framed = surface && surface.dataset.framed === 'true';
    this.bezel.classList.toggle('shown', Boolean(framed));
    this.root.dataset.framed = String(Boolean(framed));
    if (!framed) return;
    Object.assign(this.bezel.style, {
      left: `${left - BEZEL}px`, top: `${top - BEZEL}px`,
      width: `${bounds.width * scale + 2 * BEZEL}px`, height: `${bounds.height * scale + 2 * BEZEL}px`,
      borderRadius: `${SCREEN_CORNER * scale + BEZEL}px`,
    });
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

  addEmission(emission) {
    this.emissions.push({ ...emission, fresh: true });
    this.emissions.sort((a, b) => a.t - b.t);
    if (this.emissions.length > LOG_LIMIT) this.emissions.splice(0, this.emissions.length - LOG_LIMIT);
    this.renderLog();
  }

  renderLog() {
    const list = this.logList;
    list.textContent = '';
    if (this.emissions.length === 0) {
      list.append(element('li', 'empty', 'Nothing yet.'));
      return;
    }
    for (const entry of [...this.emissions].reverse()) {
      const { t, name, fresh, ...fields } = entry;
      const item = element('li', fresh ? 'fresh' : '');
      item.dataset.name = name;
      if (fields.view !== undefined) item.dataset.view = fields.view;
      const text = Object.entries(fields).map(([k, v]) => `${k} ${formatValue(v)}`).join(' · ');
      item.append(element('span', 't', formatNumber(t)), element('span', 'name', name), element('span', 'fields', text));
      item.title = JSON.stringify({ t, name, ...fields });
      list.append(item);
      entry.fresh = false;
    }
  }

  // MARK: Status

  setTransport(kind) {
    this.transportBadge.className = `badge transport ${kind}`;
    this.transportBadge.textContent = kind;
    this.root.dataset.transport = kind;
  }

  /** A ControlSimError's code, detail and field, or a plain message. */
  showProblem(error, fallback) {
    const box = this.problemBox;
    box.textContent = '';
    if (error instanceof ControlSimError && error.problem) {
      box.append(element('code', '', error.code), ' ', error.problem.detail || error.message);
      if (error.field) box.append(' — field ', element('code', '', error.field));
    } else {
      box.append(fallback || (error && error.message) || 'failed');
    }
    box.hidden = false;
    this.root.dataset.problem = error && error.code ? error.code : 'error';
    if (error && error.status === 404 && this.session) this.setTransport('error');
  }

  clearProblem() {
    if (this.problemBox.hidden) return;
    this.problemBox.hidden = true;
    delete this.root.dataset.problem;
  }
}

/** A scene's frames are every view's: 30 a second is enough to drive it and halves the bytes. */
const SCENE_FPS = 30;

/**
 * A built-in scene on its own session: drawn by the client module's SceneView, each pointer a
 * finger; its state by view (each control's state keys, read from its frame properties) and
 * its emissions with their view.
 */
class ScenePanel {
  constructor(root) {
    this.root = root;
    const $ = (selector) => root.querySelector(selector);
    this.picker = $('.scene-pick');
    this.stage = $('.stage');
    this.transportBadge = $('.transport');
    this.clockLabel = $('.clock');
    this.problemBox = $('.problem');
    this.stateBody = $('.scene-state tbody');
    this.logList = $('.log');
    this.sessionLabel = $('.session-id');
    this.session = null;
    this.view = null;
    this.rows = new Map();
    this.emissions = [];
    this.editor = $('.scene-document');
    this.picker.addEventListener('change', () => this.start(this.picker.value));
    $('.clear-log').addEventListener('click', () => { this.emissions = []; this.renderLog(); });
    $('.scene-create').addEventListener('click', () => this.createEdited());
  }

  /** The editor's document made a scene: refused JSON, or a refused scene, shows its problem. */
  createEdited() {
    let edited;
    try {
      edited = JSON.parse(this.editor.value);
    } catch (error) {
      this.showProblem(null, `the document is not valid JSON: ${error.message}`);
      return;
    }
    this.start(edited);
  }

  /** A built-in scene by name, or a scene document (the editor's). */
  async start(scene) {
    const generation = (this.generation = (this.generation || 0) + 1);
    const name = typeof scene === 'string' ? scene : 'custom';
    if (typeof scene === 'string') this.picker.value = scene;
    let session;
    try {
      session = await sim.createSession({ scene, clock: CLOCK });
    } catch (error) {
      if (generation === this.generation) this.showProblem(error);
      return;
    }
    if (generation !== this.generation) {
      session.delete().catch(() => {});
      return;
    }
    this.stop();
    this.clearProblem();
    this.session = session;
    // The editor shows the scene as a create takes it (each control by name, its definition inline unless built in).
    if (session.scenario && session.scenario.scene) this.editor.value = JSON.stringify(session.scenario.scene, null, 1);
    Object.assign(this.root.dataset, { scene: name, ready: 'false', sessionId: session.id });
    this.sessionLabel.textContent = `scene ${name} · session ${session.id}`;
    this.sessionLabel.title = `/v1/sessions/${session.id}`;
    for (const row of this.rows.values()) row.remove();
    this.rows.clear();
    this.emissions = [];
    this.renderLog();
    this.view = session.attach(this.stage, { padding: 12, maxScale: 1 });
    session.addEventListener('frame', (event) => this.showFrame(event.detail));
    session.addEventListener('transport', (event) => this.setTransport(event.detail));
    session.addEventListener('problem', (event) => this.showProblem(event.detail));
    session.on('*', (emission) => this.addEmission(emission));
    session.play({ transport: TRANSPORT, fps: SCENE_FPS });
    this.setTransport(session.transport);
  }

  showFrame(frame) {
    this.clockLabel.textContent = `t ${frame.t.toFixed(2)} s`;
    const state = this.session ? this.session.state : {};
    for (const entry of frame.views) {
      const keys = Object.keys(state[entry.view] || {});
      const properties = entry.frame.properties || {};
      const shown = {};
      for (const key of keys) if (properties[key] !== undefined) shown[key] = properties[key];
      let row = this.rows.get(entry.view);
      if (!row) {
        row = element('tr');
        row.dataset.view = entry.view;
        row.append(element('td', '', entry.view), element('td'));
        this.rows.set(entry.view, row);
        this.stateBody.append(row);
      }
      const raw = JSON.stringify(shown);
      if (row.dataset.value === raw) continue;
      row.dataset.value = raw;
      row.lastChild.textContent = Object.entries(shown).map(([k, v]) => `${k} ${formatValue(v)}`).join(' · ');
    }
    this.root.dataset.ready = 'true';
  }
}

// What a scene panel does as a control's panel does: its problems, transport, log, and leaving.
for (const name of ['showProblem', 'clearProblem', 'setTransport', 'addEmission', 'renderLog', 'stop']) {
  ScenePanel.prototype[name] = Panel.prototype[name];
}

const panels = [];
const template = document.getElementById('panel-template');
const container = document.getElementById('panels');

function addPanel(control) {
  const panel = new Panel(control, template);
  panels.push(panel);
  container.append(panel.root);
  panel.describe().then(() => panel.start({}));
  return panel;
}

async function main() {
  const requested = query.get('controls');
  let controls;
  if (requested) {
    controls = requested.split(',').map((s) => s.trim()).filter(Boolean).map((name) => ({ name }));
  } else {
    try {
      controls = await sim.controls();
    } catch (error) {
      container.append(element('p', 'problem', `cannot list the controls: ${error.message}`));
      return;
    }
  }
  for (const control of controls) addPanel(control);
  const sceneName = query.get('scene') || 'settings';
  if (sceneName !== 'none') {
    scenePanel = new ScenePanel(document.getElementById('scene-panel'));
    scenePanel.root.hidden = false;
    scenePanel.start(sceneName);
  }

  document.addEventListener('visibilitychange', () => {
    // A hidden tab stops playing, which closes its streams and frees the browser's connections.
    for (const panel of panels) {
      if (!panel.session) continue;
      if (document.hidden) panel.session.stop(); else panel.session.play({ transport: TRANSPORT });
    }
    if (scenePanel && scenePanel.session) {
      if (document.hidden) scenePanel.session.stop(); else scenePanel.session.play({ transport: TRANSPORT, fps: SCENE_FPS });
    }
  });
  // Leave no sessions behind (the server would expire them after an idle hour anyway); a page
  // restored from the back-forward cache starts new ones with the configs it had.
  addEventListener('pagehide', () => {
    for (const panel of panels) panel.stop();
    if (scenePanel) scenePanel.stop();
  });
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    for (const panel of panels) panel.start({ config: panel.appliedConfig });
    if (scenePanel) scenePanel.start(scenePanel.picker.value);
  });
}

let scenePanel = null;

window.playground = { panels, sim, locate, commandsOf, scene: () => scenePanel };
main();
