import Foundation

/// The towns where one day could end, best first, and how far from its line they were looked for; none when no
/// town lies within that corridor.
public struct DayOvernights: Equatable, Sendable {
    public let day: Int
    public let drivingSeconds: Double
    public let exceedsLimit: Bool
    public let candidates: [OvernightCandidate]
    /// The day has no driving to split (a rest day).
    public let isRestDay: Bool
    public let corridor: OvernightCorridor

    /// No town lies within the corridor of a day that drives: say so rather than offer one farther off.
    public var hasNoTownAlong: Bool { !isRestDay && candidates.isEmpty }
}
