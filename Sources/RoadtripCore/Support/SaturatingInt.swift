extension Int {
    /// `value` toward zero, clamped to the integers (NaN is 0): a conversion that cannot trap, for every figure
    /// that reaches formatting or scheduling from outside (a routing engine, a cache, a file).
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 0x1p63 {
            self = .max
        } else if value <= -0x1p63 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
