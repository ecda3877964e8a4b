import Foundation
import RoadtripCore

/// The range check for `show`: worked out once, printed as lines or as JSON.
enum FuelCheckOutput {
    /// The check of every day (`FuelGaps.check`): nil when `range_km` is off. Regions are read only when installed.
    static func check(_ trip: Trip, _ itinerary: Itinerary, _ settings: Settings) -> FuelCheck? {
        guard settings.range > 0 else { return nil }
        let regions = InstalledRegions.scan()
        let finder = regions.regions.isEmpty ? nil
            : AlongFinder(index: POIIndex.load(regions, cacheDirectory: LegCache.defaultDirectory()), settings: settings)
        return FuelGaps.check(trip: trip, itinerary: itinerary, finder: finder, settings: settings)
    }

    /// "⛽ day 2: 256 km without fuel from km 0 (…)", then what could not be checked and how to get the data.
    static func lines(_ check: FuelCheck, trip: Trip, unit: DistanceUnit) -> String {
        var out = ""
        for gap in check.gaps { out += "\n⛽ day \(gap.day): \(TerminalSafe.line(gap.text(unit)))" }
        if let text = check.tripText {
            out += "\n⛽ \(text). To check it: roadtrip region which \(ShellWord.trip(trip))"
        }
        return out.isEmpty ? "" : out + "\n"
    }

    /// A stretch of `show --json`'s `fuelGaps`.
    struct Gap: Encodable {
        let day: Int
        let startKm: Double
        let lengthKm: Double
        /// The category that would close it: fuel, or charge for `vehicle = "ev"`.
        let station: String
        /// "road", or "straight line" where the day's legs are estimates.
        let basis: String
        let text: String

        init(_ gap: FuelGap) {
            day = gap.day
            startKm = (gap.startKm * 10).rounded() / 10
            lengthKm = (gap.lengthKm * 10).rounded() / 10
            station = gap.station.rawValue
            basis = gap.onStraightLine ? "straight line" : "road"
            text = gap.text(.km)
        }
    }

    /// A leg of `show --json`'s `fuelNotChecked`: its stops (numbered from 1), its day, and why.
    struct Unchecked: Encodable {
        let day: Int
        let from: Int
        let to: Int
        let reason: String

        init(_ leg: FuelCheck.Unchecked) {
            day = leg.day
            from = leg.leg + 1
            to = leg.leg + 2
            reason = leg.reason.rawValue
        }
    }
}
