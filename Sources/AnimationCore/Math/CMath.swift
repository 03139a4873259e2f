#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The one door to the C math library, so the rest of the core imports nothing.

@inline(__always) func cExp(_ x: Double) -> Double { exp(x) }
@inline(__always) func cLog(_ x: Double) -> Double { log(x) }
@inline(__always) func cSin(_ x: Double) -> Double { sin(x) }
@inline(__always) func cCos(_ x: Double) -> Double { cos(x) }
@inline(__always) func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@inline(__always) func cHypot(_ x: Double, _ y: Double) -> Double { hypot(x, y) }
