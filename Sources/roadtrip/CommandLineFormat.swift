import Foundation
import RoadtripCore

/// Plain-text output of the command line. Names come last on each line so that the numeric columns align
/// whatever the names' widths (CJK, emoji); every text from the data file is sanitised.
enum CommandLineFormat {
    /// One line per trip: its dates, stops, distance, name and route; first, where two trips share a name, the
    /// start of their ids (which `show 7C0A1B2C` takes), on those trips' lines only.
    static func tripList(_ trips: [TripSummary], unit: DistanceUnit) -> String {
        guard !trips.isEmpty else { return "No trips yet. Create one with: roadtrip new NAME\n" }
        let distances = trips.map { TripText.distance($0.totalKm, unit, estimated: $0.isEstimated) }
        let width = max("DISTANCE".count, distances.map(\.count).max() ?? 0)
        let dates = trips.map { TripText.dates($0.startDate, $0.endDate) }
        let datesWidth = max("DATES".count, dates.map(\.count).max() ?? 0)
        let shared = TripCatalog.sharedNames(trips.map(\.name))
        let ids = trips.map { shared.contains($0.name.lowercased()) ? TripCatalog.shortID($0.id) : "" }
        let idWidth = shared.isEmpty ? 0 : max("ID".count, ids.map(\.count).max() ?? 0)
        let idTitle = idWidth > 0 ? left("ID", idWidth) + "  " : ""
        var out = "\(idTitle)\(left("DATES", datesWidth))  STOPS  \(pad("DISTANCE", width))  TRIP\n"
        for (index, trip) in trips.enumerated() {
            if idWidth > 0 { out += left(ids[index], idWidth) + "  " }
            out += "\(left(dates[index], datesWidth))  \(pad(String(trip.stopCount), 5))  "
            out += "\(pad(distances[index], width))  \(TerminalSafe.line(trip.name))"
            if trip.firstStop != nil {
                out += "  (\(TerminalSafe.line(TripText.route(from: trip.firstStop, to: trip.lastStop))))"
            }
            out += "\n"
        }
        return out
    }

    /// The trip: summary (and under it `notes` on the whole trip), one line per stop (local arrival, the leg that
    /// reaches it, nights, rests, visit, dark), the days (hours, sunset), the legs that end in the dark, the range
    /// check (`fuel`, when a range is set), the notes.
    static func trip(_ trip: Trip, _ itinerary: Itinerary, unit: DistanceUnit, fuel: FuelCheck? = nil,
                     notes: [String] = [], settings: Settings? = nil, cost: TripCost? = nil,
                     battery: TripBattery? = nil) -> String {
        var out = "\(TerminalSafe.line(trip.name))\n\(TripText.summary(trip, itinerary, unit))\n"
        if let vehicle = settings.flatMap(ProfileText.vehicle) {
            out += "Vehicle: \(vehicle)" + (trip.vehicle != nil || trip.avoid != nil ? " (this trip's)" : "") + "\n"
        }
        if let line = cost.flatMap(CostText.summary) { out += "Cost: \(line)\n" }
        out += notes.map { "≈ \(TerminalSafe.line($0))\n" }.joined()
        if !trip.waypoints.isEmpty {
            let zones = itinerary.crossesZones
            let daylight = ItineraryDaylight(trip: trip, itinerary: itinerary)
            let arrivals = itinerary.arrivals.indices.map { arrival(trip, itinerary, $0, zones: zones) }
            let legs = [""] + itinerary.legs.map { TripText.leg($0, unit) }
            let arrivalWidth = max("ARRIVES".count, arrivals.map(\.count).max() ?? 0)
            let legWidth = max("LEG".count, legs.map(\.count).max() ?? 0)
            let numberWidth = max(1, String(trip.waypoints.count).count)
            out += "\n\(pad("#", numberWidth))  \(left("ARRIVES", arrivalWidth))  \(pad("LEG", legWidth))  NIGHTS  STOP\n"
            for (index, stop) in trip.waypoints.enumerated() {
                out += "\(pad(String(index + 1), numberWidth))  \(left(arrivals[index], arrivalWidth))  "
                out += "\(pad(legs[index], legWidth))  \(pad(String(stop.nights), 6))  \(TerminalSafe.line(place(stop)))"
                let light = index > 0 ? daylight.light(ofLeg: index - 1) : nil
                var facts = (stop.pinned ? ["pinned"] : []) + stopFacts(itinerary, index, light: light, zones: zones)
                if let mark = stop.charge { facts.append("⚡ " + BatteryText.charge(mark, stayMinutes: stop.stayMinutes)) }
                if let battery { facts.append("battery " + battery.text(at: index)) }
                out += (facts.isEmpty ? "" : " · " + facts.joined(separator: " · ")) + "\n"
            }
            out += days(trip, itinerary, daylight, unit: unit, zones: zones, cost: cost)
            out += darkNotes(trip, itinerary, daylight, zones: zones)
            for (leg, note) in itinerary.notes {
                out += "\n≈ leg \(leg + 1)–\(leg + 2) is estimated: \(TerminalSafe.line(note))"
            }
            let unhonoured = ProfileText.unhonouredLegs(itinerary).map { "\n≈ \($0.legs): \($0.note)" }
            out += unhonoured.joined()
            if !itinerary.notes.isEmpty || !unhonoured.isEmpty { out += "\n" }
            if let fuel { out += FuelCheckOutput.lines(fuel, trip: trip, unit: unit) }
        }
        if !trip.conflicts.isEmpty {
            out += "\nChanged on both machines (roadtrip merge kept the later edit):\n"
            out += trip.conflicts.map { "  \(ConflictText($0, in: trip).line)\n" }.joined()
        }
        if !trip.notes.isEmpty {
            out += "\nNotes:\n"
            for line in TerminalSafe.multiline(trip.notes).split(separator: "\n", omittingEmptySubsequences: false) {
                out += "  \(line)\n"
            }
        }
        return out
    }

    /// The day-by-day plan: where each day goes, its driving and hours, a warning past the daily limit, and the
    /// sunset where it spends the night.
    static func days(_ trip: Trip, _ itinerary: Itinerary, _ daylight: ItineraryDaylight, unit: DistanceUnit,
                     zones: Bool, cost: TripCost? = nil) -> String {
        guard !itinerary.days.isEmpty else { return "" }
        let labels = itinerary.days.map { TripText.day(index: $0.number - 1, date: $0.date, start: trip.startDate) }
        let plans = itinerary.days.map { day in
            let plan = TripText.dayPlan(day, itinerary, trip.waypoints, unit)
            let sun = sunset(day, daylight, itinerary, zones: zones).map { " · " + $0 } ?? ""
            return (driving: plan.driving, plan: TerminalSafe.line(plan.plan) + sun)
        }
        let drives = plans.map(\.driving)
        let hours = itinerary.days.map { self.hours($0, itinerary, zones: zones) }
        let labelWidth = max("DAY".count, labels.map(\.count).max() ?? 0)
        let driveWidth = max("DRIVING".count, drives.map(\.count).max() ?? 0)
        let hoursWidth = max("HOURS".count, hours.map(\.count).max() ?? 0)
        // A cost column when any day's cost is known.
        let costs = cost.map { cost in cost.days.map { CostText.day($0, cost.currency) } } ?? []
        let costWidth = costs.contains(where: { !$0.isEmpty }) ? max("COST".count, costs.map(\.count).max() ?? 0) : 0
        let costTitle = costWidth > 0 ? "  " + pad("COST", costWidth) : ""
        var out = "\n\(left("DAY", labelWidth))  \(pad("DRIVING", driveWidth))\(costTitle)  \(left("HOURS", hoursWidth))  PLAN\n"
        for index in itinerary.days.indices {
            out += "\(left(labels[index], labelWidth))  \(pad(drives[index], driveWidth))"
            if costWidth > 0 { out += "  " + pad(costs.indices.contains(index) ? costs[index] : "", costWidth) }
            out += "  \(left(hours[index], hoursWidth))  "
            out += "\(plans[index].plan)\n"
        }
        return out
    }

    /// "Springfield (Illinois, US)" when the region or country is known.
    static func place(_ stop: Waypoint) -> String {
        let context = TripText.place(of: stop)
        return context.isEmpty ? stop.name : "\(stop.name) (\(context))"
    }

    /// Right-aligns text of one column per character (numbers, dates and headings: their width is their count).
    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// Left-aligns such text.
    static func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// Ranked places: population and coordinates first, the name and region last.
    static func places(_ matches: [PlaceMatch], unit: DistanceUnit) -> String {
        let populations = matches.map { $0.place.population > 0 ? DistanceUnit.grouped($0.place.population) : "" }
        let width = max("POPULATION".count, populations.map(\.count).max() ?? 0)
        var out = "\(pad("POPULATION", width))  \("COORDINATES".padding(toLength: 20, withPad: " ", startingAt: 0))  PLACE\n"
        for (match, population) in zip(matches, populations) {
            let place = match.place
            let point = String(format: "%9.4f, %9.4f", place.latitude, place.longitude)
            var label = match.kind == .coordinate ? "(this point)"
                : ([place.displayName] + place.region + [place.countryCode]).joined(separator: ", ")
            if match.kind == .nearest, let km = match.distanceKm { label += "  (nearest, \(unit.format(km: km)))" }
            if match.kind != .nearest, let away = PlaceText.fromPrevious(match, unit: unit) { label += " · \(away)" }
            if let regional = match.regional { label += " · \(regional.summary) · region \(regional.region)" }
            if match == matches.first, !match.isNamedAsTyped { label += " · closest match" }
            out += "\(pad(population, width))  \(point)  \(TerminalSafe.line(label))\n"
        }
        return out
    }
}
