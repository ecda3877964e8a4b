import Foundation
import RoadtripCore

/// Strings shared by presenters: counts and dates read the same on every screen.
enum Formatting {
    static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(DistanceUnit.grouped(n)) \(noun)s"
    }

    /// "Sat 12 Jun 2027": unambiguous in every locale, short enough for a column.
    static func day(_ date: CalendarDate) -> String {
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[date.weekday - 1]) \(date.day) \(months[date.month - 1]) \(date.year)"
    }
}
