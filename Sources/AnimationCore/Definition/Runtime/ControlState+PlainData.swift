/// The types `ControlState` keeps as bytes among its plain words (an input's recogniser, a basic
/// animation), declared `BitwiseCopyable`: the compiler checks that every stored property of
/// each is plain data too, so a field holding a reference (an array, a string, a class) added
/// to one of them stops the build here instead of being copied as bytes without its retain.
extension ControlTracking: BitwiseCopyable {}
extension ControlTracker: BitwiseCopyable {}
extension TapRecognizer: BitwiseCopyable {}
extension PanRecognizer: BitwiseCopyable {}
extension LongPressRecognizer: BitwiseCopyable {}
extension BasicAnimation: BitwiseCopyable {}
extension CubicBezier: BitwiseCopyable {}
extension ControlTracker.Phase: BitwiseCopyable {}
extension LongPressRecognizer.Phase: BitwiseCopyable {}
extension PanRecognizer.Phase: BitwiseCopyable {}
extension Point: BitwiseCopyable {}
extension Rect: BitwiseCopyable {}
extension PanRecognizer.Tracking: BitwiseCopyable {}
extension Size: BitwiseCopyable {}
extension PanRecognizer.Axis: BitwiseCopyable {}
extension SwipeRecognizer: BitwiseCopyable {}
extension SwipeRecognizer.Direction: BitwiseCopyable {}
extension TransformRecognizer: BitwiseCopyable {}
extension TransformRecognizer.Kind: BitwiseCopyable {}
extension TransformRecognizer.Phase: BitwiseCopyable {}
extension TransformAnalyzer: BitwiseCopyable {}
