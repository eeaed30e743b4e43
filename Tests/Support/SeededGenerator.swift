/// SplitMix64: a tiny seeded generator, so generated test cases are the same on every run and machine.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0...1 with any number of digits (not only round ones).
    public mutating func fraction() -> Double { Double.random(in: 0...1, using: &self) }

    /// Any byte.
    public mutating func byte() -> UInt8 { UInt8.random(in: 0...255, using: &self) }
}
