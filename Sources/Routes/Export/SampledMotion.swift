import AnimationCore

/// Motion sampled at `from + k/fps`: what the CSS, WAAPI and SVG exporters read. Numeric and
/// colour properties by name, and every layer by id (absent from the samples where a frame
/// does not draw it). Booleans and strings have no place here.
struct SampledMotion: Sendable {
    struct Series: Sendable, Equatable {
        var name: String
        /// One value per sample.
        var values: [Double]
    }

    struct ColorSeries: Sendable, Equatable {
        var name: String
        var values: [Color]
    }

    struct LayerSeries: Sendable, Equatable {
        var id: String
        var kind: Layer.Kind
        /// One per sample; nil where the frame has no layer with this id.
        var samples: [Layer?]
    }

    /// Prefixes the CSS class and animation names: the control kind, `spring`, `cubic`, or the
    /// name the request gave.
    var name: String
    /// One line for people: what was sampled, shown in headers and the plot's title.
    var title: String
    var window: SampleWindow
    var series: [Series]
    var colors: [ColorSeries] = []
    /// Back to front.
    var layers: [LayerSeries] = []
    /// The control's box: the first sample's back-most layer, as the client module draws it.
    var bounds: Rect?
    /// Marks on the plot: what the control emitted in [from, to].
    var emissions: [Emission]
    /// A scene's: per layer id, the rectangle (in the same coordinates as the layers) each sample
    /// clips it to; nil where it is not drawn. Layers not listed are not clipped.
    var clips: [String: [Rect?]] = [:]
    /// Series of another run to draw over these, dashed, by name (a comparison's reference).
    var overlay: [Series] = []

    var count: Int { window.count }

    /// Seconds from the first sample to the last.
    var span: Double { count > 1 ? Double(count - 1) / window.fps : 0 }

    /// Where sample `k` lies between the first (0) and the last (1), by index, as times are.
    func fraction(_ k: Int) -> Double { count > 1 ? Double(k) / Double(count - 1) : 0 }
}

extension SampledMotion {
    /// The numeric and colour properties of `frames` (those of that type in every frame), in
    /// frame order, and every layer that any frame draws.
    init(name: String, title: String, window: SampleWindow, frames: [Frame], emissions: [Emission]) {
        var series: [Series] = []
        var colors: [ColorSeries] = []
        for field in frames.first?.properties ?? [] {
            switch field.value {
            case .number:
                let values = frames.compactMap { frame -> Double? in
                    if case let .number(value)? = frame[field.name] { value } else { nil }
                }
                if values.count == frames.count { series.append(Series(name: field.name, values: values)) }
            case .color:
                let values = frames.compactMap { frame -> Color? in
                    if case let .color(value)? = frame[field.name] { value } else { nil }
                }
                if values.count == frames.count { colors.append(ColorSeries(name: field.name, values: values)) }
            case .bool, .string:
                continue
            }
        }
        self.init(name: name, title: title, window: window, series: series, colors: colors,
                  layers: Self.layers(frames), bounds: frames.first?.layers.first?.frame, emissions: emissions)
    }

    /// Every layer id in back-to-front order: one that appears later goes right after the layer
    /// below it in the frame where it appears.
    private static func layers(_ frames: [Frame]) -> [LayerSeries] {
        var order: [String] = []
        var kinds: [String: Layer.Kind] = [:]
        for frame in frames {
            var below: Int?
            for layer in frame.layers {
                if let index = order.firstIndex(of: layer.id) {
                    below = index
                    continue
                }
                let index = below.map { $0 + 1 } ?? 0
                order.insert(layer.id, at: index)
                kinds[layer.id] = layer.kind
                below = index
            }
        }
        return order.map { id in
            LayerSeries(id: id, kind: kinds[id] ?? .rect, samples: frames.map { frame in frame.layers.first { $0.id == id } })
        }
    }
}
