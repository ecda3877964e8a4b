import RoadtripCore
import TerminalUI

/// An electric trip's battery (`TripBattery`) in the words the trip screen's BATTERY column and the days view show:
/// made once per itinerary, never for a trip that is not electric or whose battery is not known (nil then: the
/// screens show nothing of it).
final class ScreenBattery {
    /// Each stop's "14 → 80 %" (`BatteryText.stop`).
    let stops: [String]
    /// Which stops are charge stops (a plan's, `Waypoint.charge`): the trip screen marks their names.
    let charges: [Bool]
    /// The widest of `stops` as a terminal without Unicode shows them (`shown`), so that either fits.
    let widest: Int
    /// The walk itself, for an export.
    let battery: TripBattery

    static let chargeMark = "⚡"
    /// The mark's word where the terminal cannot show it.
    static let chargeWord = "charge"

    /// nil for a trip that is not electric (looked at first: a petrol trip computes nothing else) or whose battery
    /// the settings (`settings`: the app's; the trip's vehicle is applied here) do not give.
    static func of(_ trip: Trip, _ itinerary: Itinerary, settings: Settings,
                   chargers: @autoclosure () -> (any ChargerLookup)?) -> ScreenBattery? {
        guard (trip.vehicle?.kind ?? settings.vehicle).isElectric,
              let battery = TripBattery(trip, itinerary, settings: settings.applying(trip), chargers: chargers()) else { return nil }
        return ScreenBattery(battery, stops: trip.waypoints)
    }

    private init(_ battery: TripBattery, stops: [Waypoint]) {
        let texts = stops.indices.map { battery.text(at: $0) }
        (self.battery, self.charges, self.stops) = (battery, stops.map { $0.charge != nil }, texts)
        widest = texts.reduce(0) { max($0, TextWidth.width(Self.ascii($1))) }
    }

    /// A day's charging in words: "2 charge stops · arrives 34 %", "arrives 62 %"; empty for a day without driving.
    func day(_ day: Itinerary.Day) -> String {
        let arrivals = battery.walk.arrive
        guard day.isDriving, arrivals.indices.contains(day.endStop), let arrive = arrivals[day.endStop] else { return "" }
        let charged = charges[(day.startStop + 1)..<day.endStop].filter { $0 }.count
        let arrival = arrive < 0 ? "runs out before the end" : "arrives \(Int(arrive.rounded(.down))) %"
        return charged == 0 ? arrival : "\(TripText.count(charged, "charge stop")) · \(arrival)"
    }

    /// A stop's battery as the terminal can show it.
    static func shown(_ text: String, on terminal: Terminal) -> String {
        terminal.symbols == .unicode ? text : ascii(text)
    }

    static func ascii(_ text: String) -> String {
        text.replacingOccurrences(of: "→", with: "->")
    }

    /// The mark after a charge stop's name, as the terminal can show it.
    static func mark(_ terminal: Terminal) -> String {
        terminal.symbols == .unicode ? chargeMark : chargeWord
    }
}
