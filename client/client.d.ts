// Types of ControlSim's browser client, GET /client.js (served as GET /client.d.ts).
// The shapes follow openapi.yaml (GET /openapi.yaml); docs/client.md has an example page.

/** A value a frame or an emission carries: colours are `#rrggbbaa`. */
export type FieldValue = number | boolean | string;
export type Fields = Record<string, FieldValue>;

/** One drawable layer, enough to draw any control without knowing its type. Its fields are
 * the server's layer table (`LayerSchema`); a test checks this interface against it. */
export interface Layer {
  id: string;
  kind: 'rect' | 'arc' | 'blur' | 'shape' | 'text' | 'symbol' | string;
  /** The id of the earlier layer this one is a sublayer of: its x, y are in that layer's coordinates. */
  superlayer?: string;
  /** The untransformed frame in the control's coordinates; `scale` applies about its centre. */
  x: number;
  y: number;
  width: number;
  height: number;
  backgroundColor?: string;
  cornerRadius: number;
  opacity: number;
  scale: number;
  /** An arc inscribed in the frame, from `startAngle` (radians, 0 = 3 o'clock), `strokeEnd` of the way round. */
  stroke?: LayerStroke;
  /** A backdrop blur `fraction` of the way from none to `style`. */
  blur?: LayerBlur;
  /** CALayer's border, drawn inside the frame. */
  borderWidth?: number;
  borderColor?: string;
  /** CALayer's masksToBounds: its sublayers and its own drawing clipped to its rounded bounds. */
  masksToBounds?: boolean;
  /** CALayer's shadow (`offsetY` down is positive). */
  shadow?: LayerShadow;
  /** A translation, a rotation (radians) and a scale about the anchor point (a fraction of the frame). */
  transform?: LayerTransform;
  /** A shape layer's SVG path data, in the layer's coordinates. */
  path?: LayerPath;
  /** A text layer's string and font. */
  text?: LayerText;
  /** A symbol layer's glyph by name (the client's `SYMBOLS`). */
  symbol?: LayerSymbol;
}

export interface LayerStroke { color: string; lineWidth: number; strokeEnd: number; startAngle: number; clockwise: boolean }
export interface LayerBlur { fraction: number; style: string; radius: number }
export interface LayerShadow { color: string; opacity: number; radius: number; offsetX: number; offsetY: number }
export interface LayerTransform {
  translationX: number; translationY: number; scaleX: number; scaleY: number; rotation: number; anchorX: number; anchorY: number;
}
export interface LayerPath {
  data: string; fillColor: string; strokeColor: string; lineWidth: number; strokeStart: number; strokeEnd: number;
  lineCap: string; lineJoin: string;
}
export interface LayerText { string: string; fontSize: number; fontWeight: number; color: string; alignment: string }
export interface LayerSymbol { name: string; pointSize: number; color: string }

/** What a control shows at session time `t`. */
export interface Frame {
  t: number;
  properties: Fields;
  /** Back to front. */
  layers: Layer[];
}

/** A rectangle in a scene's window (or its parent's content), in points. */
export interface SceneRect { x: number; y: number; width: number; height: number }

/** One view's part of a scene frame: its own frame, layers in window coordinates, clipped to `clip`. */
export interface SceneViewFrame {
  view: string;
  /** The rectangle its layers are clipped to; absent when nothing clips them. */
  clip?: SceneRect;
  frame: Frame;
}

/** What a scene shows at session time `t`: every view with a control, in drawing order. */
export interface SceneFrame {
  t: number;
  views: SceneViewFrame[];
}

/** A callback a scene's view made: its `view`, time, name and fields. */
export interface SceneEmission extends Emission {
  view: string;
}

/** A view of a scene document (docs/scenes.md#the-document). */
export interface SceneViewDocument {
  id: string;
  control?: string;
  definition?: unknown;
  config?: Record<string, unknown>;
  frame: SceneRect;
  children?: SceneViewDocument[];
  [member: string]: unknown;
}

/** A scene: the window's views, back to front. */
export interface SceneDocument {
  views: SceneViewDocument[];
}

/** A scene's pointer event (`touch`: the finger) or a command to a view's control (`view`). */
export interface SceneEvent extends ControlEvent {
  touch?: number;
  view?: string;
}

export interface SceneEventReply {
  time: number;
  /** Every control's semantic state, by view id. */
  state: Record<string, Fields>;
  accepted: number;
  emitted: SceneEmission[];
  settledAt?: number | null;
  window?: SceneFramesReply;
}

export interface SceneFramesReply {
  from: number;
  to: number;
  fps: number;
  count: number;
  frames: SceneFrame[];
  emitted: SceneEmission[];
}

/** A callback UIKit would make: its time, its name and its fields. */
export interface Emission {
  t: number;
  name: string;
  [field: string]: FieldValue;
}

export interface EventReply<S extends Fields = Fields> {
  time: number;
  state: S;
  accepted: number;
  emitted: Emission[];
  /** With `?window` (a playing session's posts): when everything comes to rest; null when it does not by itself. */
  settledAt?: number | null;
  /** With `?window`: the frames from `time` on, and what they emit. */
  window?: FramesReply;
}

/** The semantic state each built-in control declares (its definition's `state`). */
export interface ControlStates {
  button: { highlighted: boolean; selected: boolean; enabled: boolean };
  progressButton: { ringVisible: boolean; animating: boolean; paused: boolean };
  switch: { isOn: boolean };
  card: { state: 'collapsed' | 'expanded' | string; interactive: boolean; animating: boolean };
  checkbox: { isOn: boolean; highlighted: boolean; enabled: boolean };
  slider: { value: number; tracking: boolean; enabled: boolean };
  stepper: { value: number; minusHighlighted: boolean; plusHighlighted: boolean; enabled: boolean };
  segmentedControl: { selectedSegmentIndex: number; highlightedSegmentIndex: number; draggingSelected: boolean; enabled: boolean };
  sheet: { selectedDetent: string; isPresented: boolean; isDragging: boolean };
  scrollView: { contentOffsetX: number; contentOffsetY: number; isDragging: boolean; isDecelerating: boolean };
  systemSwitch: { isOn: boolean };
}

/** An emission as an attached element receives it, with the session's id. */
export interface ElementEmission extends Emission {
  session: string;
}

/** `controlsimlayout`'s detail: the control's box, its scale, and the surface's place in the element. */
export interface LayoutDetail {
  bounds: { x: number; y: number; width: number; height: number };
  scale: number;
  left: number;
  top: number;
}

/** Why a session ended: the server no longer has it. */
export interface Ended {
  /** `gone`: expired after its idle time, deleted, or lost in a restart; `damaged`: held apart by the server. */
  reason: 'gone' | 'damaged';
  error: ControlSimError;
}

/** A session as a scenario (docs/scenarios.md): what `reattach` recreates it from. */
export interface Scenario {
  control?: string;
  definition?: unknown;
  config?: Record<string, unknown>;
  clock?: 'virtual' | 'wall';
  events: ControlEvent[];
  [member: string]: unknown;
}

declare global {
  interface ElementEventMap {
    /** Every emission of a session attached to the element: `controlsim:emitted`, `controlsim:<name>`. */
    [type: `controlsim:${string}`]: CustomEvent<ElementEmission>;
    controlsimlayout: CustomEvent<LayoutDetail>;
  }
}

/** An event to post: a pointer fact, a shorthand or one of the control's commands. */
export interface ControlEvent {
  type: string;
  /** Session seconds; `send` stamps it with the session clock when missing. */
  t?: number;
  [field: string]: unknown;
}

export interface FramesReply {
  from: number;
  to: number;
  fps: number;
  count: number;
  frames: Frame[];
  emitted: Emission[];
}

/** A registered custom property, as `CSS.registerProperty()` takes it. */
export interface PropertyRegistration {
  name: string;
  syntax: '<number>' | '<color>' | string;
  inherits: boolean;
  initialValue: string;
}

/** `format=waapi`: a window of motion as `element.animate()` arguments (see playExport). */
export interface WAAPIExport {
  name: string;
  title: string;
  /** Seconds: the first sample's time. */
  from: number;
  /** Milliseconds from the first sample to the last. */
  duration: number;
  tolerance: number;
  bounds?: { x: number; y: number; width: number; height: number };
  markup: string;
  registrations: PropertyRegistration[];
  propertyRules: string;
  elements: { selector: string; source: string; style: Record<string, string> }[];
  animations: {
    selector: string;
    /** `properties/<name>` or `layers/<id>`. */
    source: string;
    keyframes: ({ offset: number } & Record<string, string | number>)[];
    options: { duration: number; easing: string; fill: 'both' };
    valueTolerance: Record<string, number>;
    normalization?: 'endpoints' | 'peak';
    from?: number;
    to?: number;
  }[];
}

/** A control the server has. */
export interface ControlSummary {
  name: string;
  builtIn: boolean;
  [member: string]: unknown;
}

export interface ClientOptions {
  /** Where the server is; default the server this module was served from (else the page's origin). */
  baseURL?: string;
  /** Sent as `Authorization: Bearer`; streams need none, so a client with a token polls. */
  token?: string | null;
  fetch?: typeof fetch;
}

/** A scene session: a built-in scene's name or a scene document, and the clock. */
export interface CreateSceneOptions {
  scene: 'settings' | 'sheetList' | 'cardControls' | SceneDocument | string;
  clock?: 'virtual' | 'wall';
}

export interface CreateSessionOptions {
  /** A control's name (`switch`, or one registered on the server)... */
  control?: string;
  /** ...or an inline definition. */
  definition?: unknown;
  config?: Record<string, unknown>;
  /** `virtual` (default): time moves with the events this page stamps; `wall`: the server's clock. */
  clock?: 'virtual' | 'wall';
  [member: string]: unknown;
}

/** A refusal: the HTTP status and the problem+json. */
export class ControlSimError extends Error {
  readonly status: number;
  readonly problem: { type: string; title: string; status: number; code: string; detail: string; field?: string } | null;
  /** The problem's stable code; `unreachable` when nothing answered. */
  readonly code: string;
  readonly field: string | null;
  /** The request, `METHOD url`; null when none was made. */
  readonly url: string | null;
}

export const BUILT_IN_CONTROLS: readonly string[];
/** At most this many sessions stream at once per server host (a browser holds six connections per host); the rest poll. */
export const MAX_STREAMS: number;

export class ControlSim {
  constructor(options?: ClientOptions);
  readonly baseURL: string;
  url(path: string): string;
  request<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** `GET /v1/controls`, or the four built-in names on a server without it. */
  controls(): Promise<ControlSummary[]>;
  /** `GET /v1/controls/{name}`; null where the server has no such endpoint or control. */
  control(name: string): Promise<{ name: string; builtIn: boolean; definition: unknown } | null>;
  createSession<C extends keyof ControlStates>(options: CreateSessionOptions & { control: C; definition?: undefined }): Promise<Session<ControlStates[C]>>;
  createSession(options: CreateSceneOptions): Promise<SceneSession>;
  createSession(options: CreateSessionOptions): Promise<Session>;
  openSession(id: string): Promise<Session>;
}

export interface PlayOptions {
  /**
   * `auto` (default): stream a wall-clock session, poll a virtual one; polling draws from the
   * frames each events answer carries and fetches ahead (docs/client.md#playing).
   */
  transport?: 'auto' | 'stream' | 'polling';
  /** The stream's rate; default 60. */
  fps?: number;
}

/** A window: the server's defaults are `from` the session's time, `to` from + 1, `fps` 60. */
export interface WindowOptions {
  from?: number;
  /** Seconds, or `settled`: when everything has come to rest. */
  to?: number | 'settled';
  fps?: number;
}

export interface KeyframesOptions {
  from?: number;
  to?: number | 'settled';
  fps?: number;
  format?: 'waapi' | 'css';
  tolerance?: number;
  /** Prefixes the classes, so exports of several sessions share a page. */
  name?: string;
}

export interface SessionEventMap {
  frame: CustomEvent<Frame>;
  emitted: CustomEvent<Emission>;
  problem: CustomEvent<ControlSimError>;
  transport: CustomEvent<'stream' | 'polling' | 'stopped'>;
  /** The server no longer has the session; its views show it. */
  ended: CustomEvent<Ended>;
  /** `reattach` made it anew: its new id and the previous one. */
  reattached: CustomEvent<{ id: string; previous: string }>;
}

export class Session<S extends Fields = Fields> extends EventTarget {
  readonly client: ControlSim;
  /** Changes when `reattach` recreates the session. */
  readonly id: string;
  readonly control: string;
  readonly clock: 'virtual' | 'wall';
  /** The resolved configuration the server echoed. */
  readonly config: Record<string, unknown>;
  /** The semantic state after the last answer, typed per built-in control. */
  readonly state: S;
  /** When everything comes to rest if no event comes (as of the last answer); null when it does not by itself. */
  readonly settledAt: number | null;
  /** What `reattach` recreates the session from: its creation and every event it accepted. */
  readonly scenario: Scenario | null;
  /** Set when the server no longer has the session (`ended`). */
  readonly ended: Ended | null;
  /** The newest frame received while playing. */
  readonly latest: Frame | null;
  readonly transport: 'stream' | 'polling' | 'stopped';
  /** performance.now() at session time 0. */
  readonly origin: number;

  /** The session clock now: seconds since the session began, from performance.now(). */
  now(): number;
  /** Session seconds for a performance.now() value. */
  timeOf(stamp: number): number;
  send(events: ControlEvent | ControlEvent[]): Promise<EventReply<S>>;
  frame(t?: number): Promise<Frame>;
  frames(window?: WindowOptions): Promise<FramesReply>;
  keyframes(options: KeyframesOptions & { format: 'css' }): Promise<string>;
  keyframes(options?: KeyframesOptions): Promise<WAAPIExport>;
  delete(): Promise<void>;
  /** Recreates the session from `scenario` (default its own) after it ended; resolves with the new id. */
  reattach(scenario?: Scenario): Promise<string>;
  /** Every emitted callback named `name` (`*`: all); returns the function that stops it. */
  on(name: string, callback: (emission: Emission) => void, options?: { view?: string }): () => void;
  /** An element, or a selector; null (a querySelector that found nothing) throws a TypeError naming it. */
  attach(element: Element | string | null, options?: ViewOptions): View;
  bind(element: HTMLElement | SVGElement | Element | string | null,
       bindings: Record<string, string | ((properties: Fields, frame: Frame) => string | number | undefined)>): { detach(): void };
  play(options?: PlayOptions): this;
  stop(): void;

  addEventListener<K extends keyof SessionEventMap>(type: K, listener: (event: SessionEventMap[K]) => void,
                                                    options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null,
                   options?: boolean | AddEventListenerOptions): void;
}

export interface ViewOptions {
  /** `fit` (default): as large as the element allows, at most `maxScale`; or a fixed number. */
  scale?: 'fit' | number;
  maxScale?: number;
  /** CSS pixels kept free around the control when fitting. */
  padding?: number;
  /** Forward pointer input as touch events (default true). */
  pointer?: boolean;
  /**
   * Clip the layers to the control's box, as `clipsToBounds` does: `auto` (default) while a
   * layer reaches past the box (a scroll view's content, a card off screen), so shadows inside
   * are never cut square; true always; false never.
   */
  clip?: boolean | 'auto';
  /** Raised layers (a thumb, a card) cast RAISED_SHADOW (default true). */
  shadows?: boolean;
  /**
   * The control's box in its coordinates. Default: (0, 0, width, height) when the session's
   * config has a numeric `width` and `height`, otherwise the first frame's back-most layer.
   */
  bounds?: { x: number; y: number; width: number; height: number };
  /** Points around the box where a press still goes to the control (default 0). */
  hitSlop?: number;
}

/**
 * A session drawn into an element. The element receives bubbling `controlsim:emitted` and
 * `controlsim:<name>` CustomEvents whose detail is the emission (and `session`, its id), and
 * `controlsimlayout` (detail: bounds, scale, and the surface's left and top in the element;
 * also sent as `controlsim:layout`, its former name) whenever the control is fitted anew.
 */
export class View {
  readonly session: Session<any>;
  readonly element: HTMLElement;
  /** Shows that the session ended (null: clears it). */
  showEnded(ended: Ended | null): void;
  /** The control's box: the `bounds` option, the config's width × height, or the first frame's back-most layer. */
  readonly bounds: { x: number; y: number; width: number; height: number } | null;
  readonly surface: HTMLDivElement;
  render(frame: Frame | SceneFrame): void;
  layout(): void;
  /** A pointer event's position in the control's coordinates. */
  point(event: { clientX: number; clientY: number }): { x: number; y: number };
  detach(): void;
}

/** A scene frame's properties by view id. */
export function sceneProperties(frame: SceneFrame): Record<string, Fields>;

export interface SceneSessionEventMap extends Omit<SessionEventMap, 'frame' | 'emitted'> {
  frame: CustomEvent<SceneFrame>;
  emitted: CustomEvent<SceneEmission>;
}

/**
 * A scene's session (docs/client.md#scenes): the same object as a control's, its answers and
 * frames a scene's. `attach` draws every view and forwards each pointer as its own touch.
 */
export interface SceneSession extends EventTarget {
  readonly client: ControlSim;
  readonly id: string;
  /** The document as the server keeps it. */
  readonly scene: SceneDocument;
  readonly clock: 'virtual' | 'wall';
  /** Every control's semantic state by view id, after the last answer. */
  readonly state: Record<string, Fields>;
  readonly settledAt: number | null;
  readonly scenario: Scenario | null;
  readonly ended: Ended | null;
  readonly latest: SceneFrame | null;
  readonly transport: 'stream' | 'polling' | 'stopped';
  readonly origin: number;
  now(): number;
  timeOf(stamp: number): number;
  send(events: SceneEvent | SceneEvent[]): Promise<SceneEventReply>;
  frame(t?: number): Promise<SceneFrame>;
  frames(window?: WindowOptions): Promise<SceneFramesReply>;
  delete(): Promise<void>;
  reattach(scenario?: Scenario): Promise<string>;
  /** Every emission named `name` (`*`: all), only the view `view`'s when given. */
  on(name: string, callback: (emission: SceneEmission) => void, options?: { view?: string }): () => void;
  attach(element: Element | string | null, options?: ViewOptions): SceneView;
  /** `{style: 'view.property'}`, or a function of the properties by view. */
  bind(element: HTMLElement | SVGElement | Element | string | null,
       bindings: Record<string, string | ((byView: Record<string, Fields>, frame: SceneFrame) => string | number | undefined)>): { detach(): void };
  play(options?: PlayOptions): this;
  stop(): void;
  addEventListener<K extends keyof SceneSessionEventMap>(type: K, listener: (event: SceneSessionEventMap[K]) => void,
                                                         options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null,
                   options?: boolean | AddEventListenerOptions): void;
}

/**
 * A scene drawn into an element: one `.controlsim-view` element per view with a control
 * (`data-view`), clipped as its frame entry says; emissions are dispatched on the view's element
 * and bubble. Each pointer is a finger (pointerId → the smallest touch id not down).
 */
export class SceneView extends View {
  /** pointerId → touch id, for the pointers down now. */
  readonly touches: Map<number, number>;
  render(frame: SceneFrame | Frame): void;
}

/** Draws layers into a container, the same markup and styles as the exports. */
export function renderLayers(container: Element, layers: Layer[], bounds: { x: number; y: number },
                             nodes?: Map<string, Element>, options?: { shadows?: boolean }): Map<string, Element>;

/** The box-shadow a raised layer casts. */
export const RAISED_SHADOW: string;

/** The glyphs a symbol layer may name, as SVG paths in a 24-point box. */
export const SYMBOLS: Record<string, string>;

/** A blur style's tint at full strength: red, green, blue (0–255) and alpha. */
export function blurTint(style: string): [number, number, number, number];

/** Plays a `format=waapi` export inside `root`; the Animation objects. */
export function playExport(exported: WAAPIExport, root: Element, options?: { insertMarkup?: boolean }): Animation[];
