import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The screens' clock: a dated Chicago → Denver trip reads each arrival on its stop's clock, with the day's zone
/// change and the zone; the days view gives each driving day's hours and its night's sunset; a leg that ends after
/// civil dusk is marked with its hint. Expected times are worked out here from Foundation's zone rules, not from the
/// itinerary's clock.
final class TripClockScreenTests: XCTestCase {
    private let chicago = Waypoint(name: "Chicago", latitude: 41.8781, longitude: -87.6298, region: "Illinois",
                                   countryCode: "US", timeZone: "America/Chicago")
    private let denver = Waypoint(name: "Denver", latitude: 39.7392, longitude: -104.9903, region: "Colorado",
                                  countryCode: "US", nights: 1, timeZone: "America/Denver")
    private let moab = Waypoint(name: "Moab", latitude: 38.5733, longitude: -109.5498, region: "Utah", countryCode: "US",
                                timeZone: "America/Denver")

    /// Legs of the given seconds, as a router gave them.
    private func itinerary(_ trip: Trip, _ seconds: [Double]) -> Itinerary {
        let legs = seconds.enumerated().map { index, s in
            Itinerary.Leg(from: index, RoutedLeg(distanceKm: s / 36, durationSeconds: s, source: .osrm))
        }
        return Itinerary(trip: trip, legs: legs, settings: Settings())
    }

    /// "14:35" and "UTC−6" of `instant` in `zone`, by Calendar.
    private func wall(_ instant: Date, _ zone: String) -> (clock: String, offset: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        let hours = calendar.timeZone.secondsFromGMT(for: instant) / 3600
        return (String(format: "%02d:%02d", parts.hour!, parts.minute!), "UTC" + (hours < 0 ? "−" : "+") + "\(abs(hours))")
    }

    /// 09:00 CDT on Monday 14 June 2027 in Chicago.
    private var leavesChicago: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Chicago")!
        return calendar.date(from: DateComponents(year: 2027, month: 6, day: 14, hour: 9))!
    }

    func testAnArrivalReadsOnItsStopsClockWithTheZoneChange() throws {
        let trip = Trip(name: "West", startDate: CalendarDate("2027-06-14"), waypoints: [chicago, denver])
        // 5 h 50 of driving: one 45-minute rest after 4 h 30.
        let driving = 5 * 3600 + 50 * 60.0
        let arrives = wall(leavesChicago.addingTimeInterval(driving + 45 * 60), "America/Denver")
        XCTAssertEqual(arrives.clock, "14:35")
        var formatter = TripDetailFormatter()
        formatter.format(trip, itinerary(trip, [driving]), unit: .km, access: .readWrite, routing: false)
        XCTAssertEqual(formatter.rows.map(\.arrival), ["Mon 14 Jun", "Mon 14 Jun \(arrives.clock)"])
        XCTAssertEqual(formatter.rows.map(\.shift), ["", "−1 h"], "Denver's clock is an hour behind Chicago's")
        XCTAssertEqual(formatter.rows.map(\.zone), [wall(leavesChicago, "America/Chicago").offset, arrives.offset])
        XCTAssertEqual(formatter.rows.map(\.zone), ["UTC−5", "UTC−6"])
        let preview = try XCTUnwrap(formatter.preview(of: trip, at: 1))
        XCTAssertEqual(preview.stay, "Mon 14 Jun · arrive 14:35 UTC−6 (−1 h) · 1 rest · 1 night")
        XCTAssertNil(preview.dark, "14:35 in June is daylight")
        XCTAssertEqual(formatter.preview(of: trip, at: 0)?.stay, "Mon 14 Jun · passing through · leave 09:00 UTC−5")
        let facts = try XCTUnwrap(formatter.header).facts.map(\.text)
        XCTAssertEqual(Array(facts.suffix(2)), ["leaves Mon 14 Jun 09:00 UTC−5", "arrives Mon 14 Jun 14:35 UTC−6"])
        XCTAssertFalse(formatter.daylight.dark(reaching: 1) != nil)
    }

    func testWithinOneZoneTimesCarryNoZoneAndAVisitIsShown() throws {
        var joliet = Waypoint(name: "Joliet", latitude: 41.525, longitude: -88.0817, timeZone: "America/Chicago")
        joliet.stayMinutes = 90
        let end = Waypoint(name: "Peoria", latitude: 40.6936, longitude: -89.589, timeZone: "America/Chicago")
        let trip = Trip(name: "Illinois", startDate: CalendarDate("2027-06-14"), waypoints: [chicago, joliet, end])
        var formatter = TripDetailFormatter()
        formatter.format(trip, itinerary(trip, [3600, 7200]), unit: .km, access: .readWrite, routing: false)
        XCTAssertEqual(formatter.rows.map(\.arrival), ["Mon 14 Jun", "Mon 14 Jun 10:00", "Mon 14 Jun 13:30"])
        XCTAssertEqual(formatter.rows.map(\.zone), ["", "", ""], "one zone: no ZONE column")
        XCTAssertEqual(formatter.preview(of: trip, at: 1)?.stay, "Mon 14 Jun · arrive 10:00 · visit 1h30 · leave 11:30")
    }

    /// Denver → Moab leaves at 09:00 MDT after the night and drives 13 h with two rests: it arrives at 23:30 MDT,
    /// after civil dusk (about 21:15 there), having left in daylight.
    func testALegThatEndsInTheDarkIsMarkedWithItsHint() throws {
        let trip = Trip(name: "Late", startDate: CalendarDate("2027-06-14"), waypoints: [chicago, denver, moab])
        let itinerary = itinerary(trip, [4 * 3600, 13 * 3600])
        var formatter = TripDetailFormatter()
        formatter.format(trip, itinerary, unit: .km, access: .readWrite, routing: false)
        XCTAssertEqual(formatter.rows[2].arrival, "Tue 15 Jun 23:30")
        guard case let .day(_, _, dusk?) = SolarEvents.daylight(on: CalendarDate("2027-06-15")!, latitude: moab.latitude,
                                                               longitude: moab.longitude,
                                                               timeZone: TimeZone(identifier: "America/Denver")!)
        else { return XCTFail("a day with a dusk") }
        let late = TripText.duration(try XCTUnwrap(itinerary.arrivals[2].instant).timeIntervalSince(dusk))
        let duskClock = wall(dusk, "America/Denver")
        XCTAssertEqual(formatter.preview(of: trip, at: 2)?.dark, "drives into the dark, arrives \(late) after dusk "
                       + "(\(duskClock.clock) \(duskClock.offset)): leave earlier or split the day")
        XCTAssertNotNil(formatter.daylight.dark(reaching: 2))
        XCTAssertNil(formatter.daylight.dark(reaching: 1), "Denver at 12:00")

        // The days view: the second day leaves Denver at 09:00 and arrives at 23:30, after dark; Denver's sunset.
        let days = TripDaylight()
        days.follow(trip, itinerary)
        XCTAssertEqual(DayPlanPresenter.hours(itinerary.days[1], itinerary), "09:00–23:30")
        XCTAssertEqual(DayPlanPresenter.hours(itinerary.days[0], itinerary), "09:00–12:00 −1 h")
        XCTAssertEqual(days.dark(ofDay: 1)?.shortHint, "arrives \(late) after dark: leave earlier or split the day")
        XCTAssertNil(days.dark(ofDay: 0))
        guard case let .day(_, sunset, _) = SolarEvents.daylight(on: CalendarDate("2027-06-14")!, latitude: denver.latitude,
                                                                longitude: denver.longitude,
                                                                timeZone: TimeZone(identifier: "America/Denver")!)
        else { return XCTFail("a day") }
        XCTAssertEqual(days.sunset(ofDay: 0), wall(sunset, "America/Denver").clock, "the night at Denver")
        XCTAssertEqual(days.sunset(ofDay: 1), "", "the last day has no night")
    }

    /// Tromsø in December: the days view says "polar night", never a time.
    func testPolarNightIsSaid() {
        let tromso = Waypoint(name: "Tromsø", latitude: 69.6492, longitude: 18.9553, nights: 1, timeZone: "Europe/Oslo")
        let alta = Waypoint(name: "Alta", latitude: 69.9689, longitude: 23.2716, timeZone: "Europe/Oslo")
        let trip = Trip(name: "North", startDate: CalendarDate("2027-12-20"), waypoints: [tromso, alta])
        let days = TripDaylight()
        days.follow(trip, itinerary(trip, [6 * 3600]))
        XCTAssertEqual(days.sunset(ofDay: 0), "polar night")
        XCTAssertEqual(days.dark(ofDay: 1)?.short, "arrives in the polar night")
    }

    func testAnUndatedTripHasTimesButNoSun() {
        let trip = Trip(name: "Undated", waypoints: [chicago, denver])
        var formatter = TripDetailFormatter()
        formatter.format(trip, itinerary(trip, [4 * 3600]), unit: .km, access: .readWrite, routing: false)
        // Standard offsets without a season: CST −6 to MST −7.
        XCTAssertEqual(formatter.rows.map(\.arrival), ["Day 1", "Day 1 12:00"])
        XCTAssertEqual(formatter.rows.map(\.shift), ["", "−1 h"])
        XCTAssertFalse(formatter.daylight.isDated)
        XCTAssertNil(formatter.daylight.dark(reaching: 1))
        XCTAssertEqual(formatter.header?.facts.contains { $0.text.hasPrefix("leaves") }, false)
    }

    /// A summary line too narrow by one column for the nights leaves them out (the dates tell them) before when the
    /// trip leaves and arrives: "1 night" gives way as "3 nights" would, and the days still fit.
    func testANarrowSummaryLeavesOutTheNightBeforeTheClock() throws {
        let trip = Trip(name: "West", startDate: CalendarDate("2027-06-14"), waypoints: [chicago, denver])
        var formatter = TripDetailFormatter()
        formatter.format(trip, itinerary(trip, [5 * 3600 + 50 * 60.0]), unit: .km, access: .readWrite, routing: false)
        let facts = try XCTUnwrap(formatter.header).facts
        let whole = TripHeader.summaryLine(facts, width: 200)
        XCTAssertEqual(whole, "2 stops · 583 km · 5 h 50 driving · 1 night · 2 days · 14 Jun – 15 Jun 2027 · "
                           + "leaves Mon 14 Jun 09:00 UTC−5 · arrives Mon 14 Jun 14:35 UTC−6")
        XCTAssertEqual(TripHeader.summaryLine(facts, width: TextWidth.width(whole) - TextWidth.width(" · 2 days") - 1),
                       whole.replacingOccurrences(of: " · 1 night", with: ""))
    }

    /// The daylight a screen keeps across edits is what a fresh one works out: after each random edit of a long dated
    /// trip, every leg's dark and every night's sunset asked of the kept one match a new one's.
    func testDaylightKeptAcrossEditsIsDaylightFromScratch() {
        var generator = SplitMix64(seed: 7)
        var trip = Trip(name: "Long", startDate: CalendarDate("2027-06-14"), waypoints: (0..<40).map { index in
            Waypoint(name: "S\(index)", latitude: .random(in: 30...50, using: &generator),
                     longitude: .random(in: -120 ... -80, using: &generator), nights: index % 3 == 0 ? 1 : 0)
        })
        let kept = TripDaylight()
        for step in 0..<40 {
            let index = Int.random(in: 1..<(trip.waypoints.count - 1), using: &generator)
            if step.isMultiple(of: 2) { trip.waypoints.swapAt(index, index + 1) } else { trip.waypoints[index].nights ^= 1 }
            let seconds: [Double] = (0..<trip.waypoints.count - 1).map { leg in
                let hours = Double(3 + leg % 5), late = leg.isMultiple(of: 2) ? 0.0 : Double(step * 60)
                return hours * 3600 + late
            }
            let itinerary = itinerary(trip, seconds)
            kept.follow(trip, itinerary)
            let fresh = TripDaylight()
            fresh.follow(trip, itinerary)
            for stop in trip.waypoints.indices {
                XCTAssertEqual(kept.dark(reaching: stop), fresh.dark(reaching: stop), "step \(step), stop \(stop)")
            }
            for day in itinerary.days.indices {
                XCTAssertEqual(kept.sunset(ofDay: day), fresh.sunset(ofDay: day), "step \(step), day \(day)")
            }
        }
    }
}
