import AnimationCore

/// A scene's frames as JSON: `{"t", "views": [{"view", "clip"?, "frame"}]}`, a view with a
/// control per entry in drawing order, `frame` being exactly what its own session's frame would
/// be (`FrameEncoder`) with its layers in window coordinates; a view's layers all come before
/// its children's, so drawing the entries in order, each clipped to its `clip`, draws the scene.
enum SceneFrameEncoder {
    static func encode(_ frame: SceneFrame, into w: inout JSONWriter) {
        w.beginObject()
        w.member("t", frame.t)
        w.key("views")
        w.beginArray()
        // A view's layers are contiguous and in the views' drawing order (`SceneState.render`).
        var next = 0
        for view in frame.views {
            var layers: [Layer] = []
            var clip: Rect?
            while next < frame.layers.count, frame.layers[next].view == view.view {
                layers.append(frame.layers[next].layer)
                clip = frame.layers[next].clip
                next += 1
            }
            w.beginObject()
            w.member("view", view.view)
            if let clip {
                w.key("clip")
                encode(clip, into: &w)
            }
            w.key("frame")
            FrameEncoder.encode(Frame(t: frame.t, properties: view.properties, layers: layers), into: &w)
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    static func encode(_ rect: Rect, into w: inout JSONWriter) {
        w.beginObject()
        w.member("x", rect.minX)
        w.member("y", rect.minY)
        w.member("width", rect.size.width)
        w.member("height", rect.size.height)
        w.endObject()
    }

    static func encode(_ emissions: [SceneEmission], into w: inout JSONWriter) {
        w.beginArray()
        for emission in emissions { FrameEncoder.encode(emission.emission, view: emission.view, into: &w) }
        w.endArray()
    }

    /// `{"view": {"name": value, …}, …}`: every control's semantic state, in drawing order.
    static func encode(_ views: [SceneFrame.ViewProperties], into w: inout JSONWriter) {
        w.beginObject()
        for view in views {
            w.key(view.view)
            FrameEncoder.encodeFields(view.properties, into: &w)
        }
        w.endObject()
    }
}
