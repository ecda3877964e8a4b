import RoadtripCore

/// The tests' deterministic generator, so randomised tests replay identically: the core's SplitMix64.
public typealias SeededGenerator = SplitMix64
