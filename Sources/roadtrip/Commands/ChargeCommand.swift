import ArgumentParser
import Foundation
import RoadtripCore

struct ChargeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "charge", abstract: "Plan an electric trip's charging: where, for how long, and the battery at every stop.",
        discussion: """
            For each driving day, the chargers of the installed regions within 5 km of its road (roadtrip region \
            add) whose sockets the car takes (charge_ports) and that are not private: the fastest way through \
            them, counting detours, charging on the car's curve and charge_stop_minutes a stop, arriving \
            everywhere with reserve_soc or more. A night within 1 km of a charger fills to charge_to_soc. Prints \
            every stop with the battery on arriving and leaving, and where no plan exists how far short and what \
            would close it, then asks before inserting the charge stops (--yes applies, --dry-run only prints). \
            One change: undo in the app takes it back whole; charging again replaces an earlier plan's stops. \
            The model and its limits: docs/guide.md. Data \(Credits.openStreetMap).
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Option(name: .long, help: "Plan only this day (1 = the first); the others keep their charge stops.") var day: Int?
    @Flag(name: .long, help: "Print the plan without applying it.") var dryRun = false
    @Flag(name: .long, help: "Apply without asking.") var yes = false
    @Flag(name: .long, help: "Print the plan as JSON (applies only with --yes).") var json = false

    func run() throws {
        let (loaded, settings) = try CommandRoutes.namedTrip(trip, data: data, options: unit)
        let battery: EVBattery
        do {
            battery = try EVBattery(settings: settings.applying(loaded))
        } catch let missing as EVBattery.Missing {
            throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\": \(missing)")
        }
        guard loaded.waypoints.count > 1 else {
            throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\" has \(TripText.count(loaded.waypoints.count, "stop")): no road to charge on")
        }
        let regions = InstalledRegions.scan()
        guard !regions.regions.isEmpty else {
            throw CLIFailure.user("no region is installed: the chargers come from regions (roadtrip region add FILE.osm.pbf)")
        }
        let index = POIIndex.load(regions, cacheDirectory: LegCache.defaultDirectory())
        index.skipped.forEach(Output.printError)
        let chargers = ChargerIndex.of(regions)
        chargers.damaged.forEach { Output.printError("warning: region \(TerminalSafe.line($0))") }
        let finder = AlongFinder(index: index, settings: settings.applying(loaded))
        let charging = CommandRoutes.withItineraries(settings.applying(loaded)) { itinerary -> TripCharging? in
            if let day, !(1...itinerary(loaded).days.count).contains(day) { return nil }
            return TripCharging.plan(loaded, battery: battery, finder: finder, chargers: chargers, itinerary: itinerary, day: day)
        }
        guard let charging else {
            throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\": --day must be one of its days (1 = the first)")
        }
        let apply = charging.changesTrip && !dryRun
        if json {
            try Output.printJSON(ChargeJSON(charging, applied: apply && yes))
        } else {
            print(ChargePreview(charging).text(settings.units), terminator: "")
        }
        guard apply, !json || yes else { return }
        guard try Confirmation.confirmed(yes, question: "Insert these charge stops?", refused: "Not applied",
                                         declined: "The trip is unchanged.") else { return }
        let store = try data.openStore()
        let change: ChangeDescription
        do {
            change = try TripEditor(tripID: loaded.id, repository: store).charge(charging)
        } catch TripEditError.tripChanged {
            throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\": its stops changed while charging was planned "
                                  + "(another edit was saved); nothing was applied: run charge again")
        } catch {
            throw CLIFailure(error)
        }
        if !json { print(TerminalSafe.line(change.done)) }
    }
}
