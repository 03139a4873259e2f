// Types of ControlSim's browser client, GET /client.js (served as GET /client.d.ts).
// The shapes follow openapi.yaml (GET /openapi.yaml); docs/client.md has an example page.

/** A value a frame or an emission carries: colours are `#rrggbbaa`. */
export type FieldValue = number | boolean | string;
export type Fields = Record<string, FieldValue>;

/** One drawable layer, enough to draw any control without knowing its type. */
export interface Layer {
  id: string;
  kind: 'rect' | 'arc' | 'blur' | string;
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
  stroke?: { color: string; lineWidth: number; strokeEnd: number; startAngle: number; clockwise: boolean };
  /** A backdrop blur `fraction` of the way from none to `style`. */
  blur?: { fraction: number; style: string; radius: number };
}

/** What a control shows at session time `t`. */
export interface Frame {
  t: number;
  properties: Fields;
  /** Back to front. */
  layers: Layer[];
}

/** A callback UIKit would make: its time, its name and its fields. */
export interface Emission {
  t: number;
  name: string;
  [field: string]: FieldValue;
}

export interface EventReply {
  time: number;
  state: Fields;
  accepted: number;
  emitted: Emission[];
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
  /** Where the server is; default the page's origin. */
  baseURL?: string;
  /** Sent as `Authorization: Bearer`; streams need none, so a client with a token polls. */
  token?: string | null;
  fetch?: typeof fetch;
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
  createSession(options: CreateSessionOptions): Promise<Session>;
  openSession(id: string): Promise<Session>;
}

export interface PlayOptions {
  /** `auto` (default): stream a wall-clock session, poll a virtual one. */
  transport?: 'auto' | 'stream' | 'polling';
  /** The stream's rate; default 60. */
  fps?: number;
}

export interface KeyframesOptions {
  from?: number;
  to?: number;
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
}

export class Session extends EventTarget {
  readonly client: ControlSim;
  readonly id: string;
  readonly control: string;
  readonly clock: 'virtual' | 'wall';
  /** The resolved configuration the server echoed. */
  readonly config: Record<string, unknown>;
  /** The semantic state after the last answer. */
  readonly state: Fields;
  /** The newest frame received while playing. */
  readonly latest: Frame | null;
  readonly transport: 'stream' | 'polling' | 'stopped';
  /** performance.now() at session time 0. */
  readonly origin: number;

  /** The session clock now: seconds since the session began, from performance.now(). */
  now(): number;
  /** Session seconds for a performance.now() value. */
  timeOf(stamp: number): number;
  send(events: ControlEvent | ControlEvent[]): Promise<EventReply>;
  frame(t?: number): Promise<Frame>;
  frames(window?: { from?: number; to?: number; fps?: number }): Promise<FramesReply>;
  keyframes(options: KeyframesOptions & { format: 'css' }): Promise<string>;
  keyframes(options?: KeyframesOptions): Promise<WAAPIExport>;
  delete(): Promise<void>;
  /** Every emitted callback named `name` (`*`: all); returns the function that stops it. */
  on(name: string, callback: (emission: Emission) => void): () => void;
  attach(element: HTMLElement, options?: ViewOptions): View;
  bind(element: HTMLElement | SVGElement,
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
  /** Clip the layers to the control's box, as `clipsToBounds` does (default true). */
  clip?: boolean;
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
 * `controlsim:layout` (detail: bounds, scale, and the surface's left and top in the element)
 * whenever the control is fitted anew.
 */
export class View {
  readonly session: Session;
  readonly element: HTMLElement;
  /** The control's box: the `bounds` option, the config's width × height, or the first frame's back-most layer. */
  readonly bounds: { x: number; y: number; width: number; height: number } | null;
  readonly surface: HTMLDivElement;
  render(frame: Frame): void;
  layout(): void;
  /** A pointer event's position in the control's coordinates. */
  point(event: { clientX: number; clientY: number }): { x: number; y: number };
  detach(): void;
}

/** Draws layers into a container, the same markup and styles as the exports. */
export function renderLayers(container: Element, layers: Layer[], bounds: { x: number; y: number },
                             nodes?: Map<string, Element>): Map<string, Element>;

/** A blur style's tint at full strength: red, green, blue (0–255) and alpha. */
export function blurTint(style: string): [number, number, number, number];

/** Plays a `format=waapi` export inside `root`; the Animation objects. */
export function playExport(exported: WAAPIExport, root: Element, options?: { insertMarkup?: boolean }): Animation[];
