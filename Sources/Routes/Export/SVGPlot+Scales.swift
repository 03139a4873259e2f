/// Axis scales for `SVGPlot`: data to pixels, and round-numbered ticks.
extension SVGPlot {
    /// Seconds since the window's start to x pixels across the plot, spanning [from, to].
    struct TimeScale {
        let from: Double
        let span: Double
        let ticks: Ticks

        init(_ motion: SampledMotion) {
            from = motion.window.from
            let window = motion.window.to - motion.window.from
            span = window > 0 ? window : (motion.span > 0 ? motion.span : 1)
            ticks = Ticks(from: from, to: from + span)
        }

        func x(_ elapsed: Double) -> Double { left + elapsed / span * plotWidth }
    }

    /// One band's values to y pixels, padded 5% beyond the data (or ±1 when the value is constant).
    struct ValueScale {
        let low: Double
        let high: Double
        let top: Double
        let ticks: Ticks

        init(values: [Double], top: Double) {
            var low = values.min() ?? 0, high = values.max() ?? 0
            let range = high - low
            if range > 0 && range.isFinite {
                low -= range * 0.05
                high += range * 0.05
            } else {
                let pad = max(abs(low) * 0.1, 1)
                low -= pad
                high += pad
            }
            self.low = low
            self.high = high
            self.top = top
            ticks = Ticks(from: low, to: high)
        }

        func y(_ value: Double) -> Double {
            guard high > low else { return top + bandHeight / 2 }
            return top + (high - value) / (high - low) * bandHeight
        }
    }

    /// Multiples of 1, 2 or 5 × 10^n inside [from, to], about five of them, and the decimals
    /// their labels need.
    struct Ticks {
        let values: [Double]
        let decimals: Int

        init(from: Double, to: Double, target: Double = 5) {
            let raw = (to - from) / target
            guard raw > 0, raw.isFinite, from.isFinite, to.isFinite else {
                (values, decimals) = ([], 0)
                return
            }
            var power = 1.0
            while power * 10 <= raw { power *= 10 }
            while power > raw { power /= 10 }
            let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? power * 10
            var values: [Double] = []
            var k = (from / step).rounded(.up)
            while k * step <= to + step * 1e-9, values.count < 20 {
                values.append(k * step)
                k += 1
            }
            // The decimals that make the step whole, allowing for its binary rounding.
            var decimals = 0
            var scaled = step
            while abs(scaled - scaled.rounded()) > 1e-6 * scaled, decimals < 9 {
                scaled *= 10
                decimals += 1
            }
            self.values = values
            self.decimals = decimals
        }
    }
}
