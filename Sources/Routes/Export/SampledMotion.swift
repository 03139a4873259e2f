import AnimationCore

/// Numeric motion sampled at `from + k/fps`: what the CSS, WAAPI and SVG exporters read.
/// Booleans, strings and colours have no place here (colours could be a later addition).
struct SampledMotion: Sendable {
    struct Series: Sendable, Equatable {
        var name: String
        /// One value per sample.
        var values: [Double]
    }

    /// Prefixes the CSS animation names: the control kind, `spring` or `cubic`.
    var name: String
    /// One line for people: what was sampled, shown in headers and the plot's title.
    var title: String
    var window: SampleWindow
    var series: [Series]
    /// Marks on the plot: what the control emitted in [from, to].
    var emissions: [Emission]

    var count: Int { window.count }

    /// Seconds from the first sample to the last.
    var span: Double { count > 1 ? Double(count - 1) / window.fps : 0 }

    /// Where sample `k` lies between the first (0) and the last (1), by index, as times are.
    func fraction(_ k: Int) -> Double { count > 1 ? Double(k) / Double(count - 1) : 0 }
}

extension SampledMotion {
    /// The numeric properties of `frames` (those that are numbers in every frame), in frame order.
    init(name: String, title: String, window: SampleWindow, frames: [Frame], emissions: [Emission]) {
        let names = frames.first?.properties.compactMap { field -> String? in
            if case .number = field.value { return field.name } else { return nil }
        } ?? []
        var series: [Series] = []
        for name in names {
            let values = frames.compactMap { frame -> Double? in
                if case let .number(value)? = frame[name] { return value } else { return nil }
            }
            if values.count == frames.count { series.append(Series(name: name, values: values)) }
        }
        self.init(name: name, title: title, window: window, series: series, emissions: emissions)
    }
}
