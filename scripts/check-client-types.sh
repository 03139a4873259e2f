#!/usr/bin/env bash
# The client module's types: client/client.d.ts compiles under TypeScript's strict checks, a
# page written against it type-checks, and it declares exactly what client/client.js exports
# (the module imported in Node, its export names compared with the declarations).
# Installs Debian's nodejs and node-typescript when missing (as root).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null || ! command -v tsc >/dev/null; then
  if [ "$(id -u)" != 0 ]; then
    echo "check-client-types: needs node and tsc (Debian: apt-get install nodejs node-typescript)" >&2
    exit 1
  fi
  echo "check-client-types: installing Debian's nodejs and node-typescript"
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 apt-get update -qq
  timeout 900 apt-get install -y -qq --no-install-recommends nodejs node-typescript >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp client/client.js client/client.d.ts "$work/"
cp client/client.js "$work/client.mjs"
# A page's script written against the declarations: it must type-check, and misuse must not.
cat > "$work/usage.ts" <<'EOF'
import { ControlSim, ControlSimError, playExport, type Frame, type Emission, type WAAPIExport } from './client.js';

async function page(root: HTMLElement): Promise<void> {
  const sim = new ControlSim({ baseURL: 'http://localhost:8080' });
  const controls = await sim.controls();
  const session = await sim.createSession({ control: controls[0].name, clock: 'virtual' });
  const view = session.attach(root, { padding: 8 });
  view.element.addEventListener('controlsim:valueChanged', (e) => console.log((e as CustomEvent<Emission>).detail.t));
  session.addEventListener('frame', (e) => { const frame: Frame = e.detail; console.log(frame.layers.length); });
  session.addEventListener('problem', (e) => { const error: ControlSimError = e.detail; console.log(error.code, error.field); });
  const stop: () => void = session.on('*', (emission) => console.log(emission.name));
  stop();
  session.bind(root, { opacity: 'opacity', transform: (p) => `translateX(${Number(p.thumbCenterX)}px)` });
  const reply = await session.send({ type: 'tap', x: 10, y: 10 });
  console.log(reply.accepted, session.now(), session.timeOf(performance.now()));
  session.play({ transport: 'polling' });
  const motion: WAAPIExport = await session.keyframes({ from: 0, to: 1, name: 'left' });
  const animations: Animation[] = playExport(motion, root);
  const css: string = await session.keyframes({ format: 'css' });
  console.log(animations.length, css.length, motion.animations[0].options.easing);
  // @ts-expect-error: a transport the module does not have
  session.play({ transport: 'carrier-pigeon' });
  // @ts-expect-error: attach needs an element or a selector
  session.attach(42);
  const toggle = await sim.createSession({ control: 'switch' });
  const on: boolean = toggle.state.isOn;
  const settled: number | null = (await toggle.send({ type: 'tap', x: 1, y: 1 })).settledAt ?? toggle.settledAt;
  console.log(on, settled, await toggle.frames({ to: 'settled' }), toggle.ended?.reason);
  toggle.addEventListener('ended', (e) => { void toggle.reattach(); console.log(e.detail.error.url); });
  root.addEventListener('controlsim:valueChanged', (e) => console.log(e.detail.isOn, e.detail.session));
  root.addEventListener('controlsimlayout', (e) => console.log(e.detail.scale));
  // @ts-expect-error: a switch's state has no such field
  console.log(toggle.state.value);
  await session.delete();
  // A scene: every view drawn, each pointer a finger, emissions tagged with their view.
  const scene = await sim.createSession({ scene: 'settings' });
  const surface = scene.attach(root);
  console.log(surface.touches.size, scene.state.switch0.isOn, scene.scene.views[0].id);
  scene.on('valueChanged', (e) => console.log(e.view, e.isOn), { view: 'switch0' });
  const tapped = await scene.send({ type: 'tap', touch: 2, x: 348, y: 22 });
  console.log(tapped.emitted[0].view, tapped.state.switch0);
  const shown = await scene.frame();
  console.log(shown.views.map((v) => [v.view, v.clip?.width, v.frame.layers.length]));
  scene.addEventListener('frame', (e) => console.log(e.detail.views.length));
  scene.bind(root, { opacity: 'slider.value', left: (byView) => Number(byView.list.contentOffsetY) });
  // @ts-expect-error: a scene frame has no layers of its own
  console.log(shown.layers);
  await scene.delete();
}
console.log(page);
EOF
tsc --noEmit --strict --target es2020 --module es2020 --moduleResolution node --lib dom,es2020 \
  "$work/client.d.ts" "$work/usage.ts"
echo "check-client-types: client.d.ts compiles; a page written against it type-checks"

# The documented snippets as written: each module <script> of README.md's and docs/client.md's
# HTML, and their TypeScript, checked under --strict (JavaScript with --checkJs), the module's
# URL as the docs write it (http://localhost:8080/client.js) resolved to the declarations.
mkdir -p "$work/snippets"
python3 - "$work/snippets" README.md docs/client.md <<'PY'
import re, sys
out, files = sys.argv[1], sys.argv[2:]
count = 0
for name in files:
    text = open(name, encoding="utf-8").read()
    for lang, body in re.findall(r"```(html|ts)\n(.*?)```", text, re.S):
        scripts = re.findall(r'<script type="module">\n(.*?)</script>', body, re.S) if lang == "html" else [body]
        for script in scripts:
            count += 1
            stem = f"{out}/{name.replace('/', '_').replace('.md', '')}_{count}"
            # An HTML page's script is JavaScript, a `ts` block TypeScript; `export {}` makes each
            # a module, as a module script is (top-level await).
            with open(stem + (".mjs" if lang == "html" else ".ts"), "w", encoding="utf-8") as f:
                f.write(script + "\nexport {};\n")
print(f"check-client-types: {count} documented snippets")
PY
cp client/client.d.ts "$work/snippets/client.d.ts"
cat > "$work/snippets/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "strict": true, "noEmit": true, "allowJs": true, "checkJs": true,
    "target": "es2022", "module": "es2022", "moduleResolution": "node", "lib": ["dom", "es2022"],
    "baseUrl": ".", "paths": { "http://localhost:8080/client.js": ["./client.d.ts"], "./client.js": ["./client.d.ts"] }
  },
  "include": ["*.mjs", "*.ts"]
}
JSON
tsc -p "$work/snippets/tsconfig.json" || { echo "check-client-types: FAILED: a documented snippet does not type-check under --strict" >&2; exit 1; }
echo "check-client-types: README.md's and docs/client.md's snippets type-check under --strict as written"

# The declarations against the contract: what the server sends, as openapi.yaml describes it
# (scripts/spec_types.py writes its schemas as TypeScript), must be what client.d.ts promises
# (each answer assignable to the client's type), and the client must promise no member the
# contract does not have; each built-in's state it types has the keys its definition declares (a
# built-in it does not type yet reads its state as `Fields`: listed, not refused, since a control
# is one definition file).
mkdir -p "$work/spec"
cp client/client.d.ts "$work/spec/client.d.ts"
python3 scripts/spec_types.py openapi.yaml Sources/BuiltIns/Controls > "$work/spec/spec.d.ts"
cat > "$work/spec/check.ts" <<'EOF'
import type * as C from './client.js';
import type * as S from './spec.js';

// Sent by the server (as the contract says) → taken by the page (as client.d.ts says).
declare const frame: S.Frame, layer: S.Layer, emission: S.Emission, window: S.FrameWindow;
declare const applied: S.EventsApplied, problem: S.Problem, motion: S.WAAPIExport, summary: S.ControlSummary;
export const answers: [C.Frame, C.Layer, C.Emission, C.FramesReply, C.EventReply, NonNullable<C.ControlSimError['problem']>, C.WAAPIExport, C.ControlSummary] =
  [frame, layer, emission, window, applied, problem, motion, summary];
// A scene's answers (docs/scenes.md#the-api).
declare const sceneFrame: S.SceneFrame, sceneEmission: S.SceneEmission, sceneWindow: S.SceneFrameWindow;
declare const sceneApplied: S.SceneEventsApplied, sceneRect: S.SceneRect, sceneDocument: S.SceneDocument;
export const sceneAnswers: [C.SceneFrame, C.SceneEmission, C.SceneFramesReply, C.SceneEventReply, C.SceneRect, C.SceneDocument] =
  [sceneFrame, sceneEmission, sceneWindow, sceneApplied, sceneRect, sceneDocument];

// No member the client promises is missing from the contract (tsc names the member).
type Beyond<Client, Contract> = Exclude<keyof Client, keyof Contract>;
type None<T extends never> = T;
export type NoneBeyond = [
  None<Beyond<C.Frame, S.Frame>>, None<Beyond<C.Layer, S.Layer>>, None<Beyond<C.FramesReply, S.FrameWindow>>,
  None<Beyond<C.EventReply, S.EventsApplied>>, None<Beyond<C.WAAPIExport, S.WAAPIExport>>,
  None<Beyond<C.WAAPIExport['animations'][number], S.WAAPIAnimation>>,
  None<Beyond<NonNullable<C.ControlSimError['problem']>, S.Problem>>,
  None<Beyond<C.ControlStates, S.ControlStates>>,
  None<Beyond<C.SceneFrame, S.SceneFrame>>, None<Beyond<C.SceneViewFrame, S.SceneViewFrame>>,
  None<Beyond<C.SceneFramesReply, S.SceneFrameWindow>>, None<Beyond<C.SceneEventReply, S.SceneEventsApplied>>,
];

// Each built-in's state: the keys its definition declares, no more and no fewer.
type StateKeys = { [K in keyof S.ControlStates & keyof C.ControlStates]:
  Beyond<C.ControlStates[K], S.ControlStates[K]> | Beyond<S.ControlStates[K], C.ControlStates[K]> };
export type SameStateKeys = None<StateKeys[keyof StateKeys]>;
EOF
tsc --noEmit --strict --target es2020 --module es2020 --moduleResolution node --lib dom,es2020 \
  "$work/spec/spec.d.ts" "$work/spec/check.ts" \
  || { echo "check-client-types: FAILED: client.d.ts does not match openapi.yaml (above: which type, which member)" >&2; exit 1; }
echo "check-client-types: client.d.ts takes every answer openapi.yaml describes and promises nothing beyond it"
untyped=$(python3 - "$work/spec/spec.d.ts" client/client.d.ts <<'PY'
import re, sys
spec, client = (open(p, encoding="utf-8").read() for p in sys.argv[1:3])
def names(text):
    block = re.search(r"interface ControlStates \{(.*?)\n\}", text, re.S).group(1)
    return set(re.findall(r"^\s+(\w+): \{", block, re.M))
print(" ".join(sorted(names(spec) - names(client))))
PY
)
[ -z "$untyped" ] || echo "check-client-types: built-ins whose state client.d.ts does not type (read as Fields): $untyped"

# What the module exports at run time against what the declarations declare.
node --input-type=module -e "
  const module = await import('$work/client.mjs');
  const fs = await import('node:fs');
  const declared = new Set([...fs.readFileSync('$work/client.d.ts', 'utf8')
    .matchAll(/^export (?:class|function|const|let) (\w+)/gm)].map((m) => m[1]));
  const exported = new Set(Object.keys(module));
  const missing = [...exported].filter((n) => !declared.has(n));
  const extra = [...declared].filter((n) => !exported.has(n));
  if (missing.length || extra.length) {
    console.error('check-client-types: exported but not declared: ' + missing + '; declared but not exported: ' + extra);
    process.exit(1);
  }
  console.log('check-client-types: client.js exports exactly what client.d.ts declares: ' + [...exported].sort().join(', '));
" 2>&1
echo "check-client-types: 1 passed, 0 failed"
