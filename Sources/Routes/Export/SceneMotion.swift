import AnimationCore

extension SampledMotion {
    /// A scene's frames as one motion: every view's layer in scene coordinates as the layer
    /// `<view>/<layer id>`, clipped per sample to its `clip` (`clips`), each view's numeric and
    /// colour properties as `<view>.<property>`, each emission named `<view>.<name>`. The box is
    /// the scene's: from (0, 0) to the farthest corner of its top-level views.
    init(name: String, title: String, window: SampleWindow, scene: Scene, frames: [SceneFrame], emissions: [SceneEmission]) {
        let flat = frames.map { frame in
            Frame(t: frame.t,
                  properties: frame.views.flatMap { view in view.properties.map { Field(view.view + "." + $0.name, $0.value) } },
                  layers: frame.layers.map { drawn in
                      var layer = drawn.layer
                      layer.id = drawn.view + "/" + layer.id
                      layer.superlayer = layer.superlayer.map { drawn.view + "/" + $0 }
                      return layer
                  })
        }
        self.init(name: name, title: title, window: window, frames: flat,
                  emissions: emissions.map { Emission(t: $0.emission.t, name: $0.view + "." + $0.emission.name, fields: $0.emission.fields) })
        var clips: [String: [Rect?]] = [:]
        for (k, frame) in frames.enumerated() {
            for drawn in frame.layers {
                guard let clip = drawn.clip else { continue }
                clips[drawn.view + "/" + drawn.layer.id, default: [Rect?](repeating: nil, count: frames.count)][k] = clip
            }
        }
        self.clips = clips
        let corner = scene.roots.reduce((x: 0.0, y: 0.0)) { far, root in
            let frame = scene.nodes[root].frame
            return (max(far.x, frame.maxX), max(far.y, frame.maxY))
        }
        bounds = Rect(x: 0, y: 0, width: corner.x, height: corner.y)
    }
}
