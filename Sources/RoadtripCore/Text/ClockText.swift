import Foundation

/// How the itinerary's clock reads, the same in `show`, on the screens and in the exports: local times with the
/// zone where a trip crosses zones, zone changes, rests, visits. Zones are named by their UTC offset ("UTC−6"):
/// this system's abbreviations are offsets anyway on Linux ("GMT-6"), and an offset means the same everywhere.
public enum ClockText {
    /// "UTC−6", "UTC+5:45", "UTC".
    public static func zone(offset seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        let hours = "\(minutes / 60)" + (minutes % 60 == 0 ? "" : String(format: ":%02d", minutes % 60))
        return "UTC" + (seconds < 0 ? "−" : "+") + hours
    }

    /// "+1 h", "−1 h", "+30 min", "+5 h 45", "−24 h": a clock change against the day's first stop; nil for none.
    public static func shift(_ seconds: Int) -> String? {
        guard seconds != 0 else { return nil }
        return (seconds < 0 ? "−" : "+") + TripText.duration(Double(abs(seconds)))
    }

    /// "14:35", or "14:35 UTC−6" with the zone.
    public static func time(_ time: WallTime, zone: Bool) -> String {
        zone ? "\(time.clock) \(self.zone(offset: time.utcOffset))" : time.clock
    }

    /// "1 rest", "2 rests": the rests taken on the way to a stop; nil for none.
    public static func rests(_ arrival: Itinerary.Arrival) -> String? {
        arrival.breaks == 0 ? nil : TripText.count(arrival.breaks, "rest")
    }
}
