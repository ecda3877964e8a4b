import ArgumentParser
import Foundation
import RoadtripCore

struct OptimiseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimise", abstract: "Reorder a trip's stops for the least driving time.",
        discussion: """
            The first stop stays first and the last stays last (--free-end lets it move; a round trip, whose \
            last stop is its first place, always ends there). Nights, notes and stays go with their stops. \
            Prints the old and new totals and the new order, then asks before applying (--yes applies, \
            --dry-run only prints). Up to 16 stops that move, the order is proven best for the router's \
            times; beyond, it is the best a local search found.
            """,
        aliases: ["optimize"])

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Flag(name: .long, help: "Let the last stop move too.") var freeEnd = false
    @Flag(name: .long, help: "Print the new order without applying it.") var dryRun = false
    @Flag(name: .long, help: "Apply without asking.") var yes = false
    @Flag(name: .long, help: "Print the preview as JSON (applies only with --yes).") var json = false

    func run() throws {
        let (loaded, settings) = try CommandRoutes.namedTrip(trip, data: data, options: unit)
        if let nothing = TripOrderSearch.nothingToReorder(loaded, freeEnd: freeEnd) {
            throw CLIFailure.user(TerminalSafe.line(nothing))
        }
        let routes = CommandRoutes.service(settings)
        defer { routes.close() }
        guard let found = RoutingProgressLine.during(routes, {
            TripOrderSearch.preview(of: loaded, routes: routes, requester: .commandLine, freeEnd: freeEnd)
        }) else { return }
        let preview = OptimisePreview(found)
        let apply = found.better && !dryRun
        if json {
            try Output.printJSON(OptimisePreview.JSON(preview, applied: apply && yes))
        } else {
            print(preview.text(settings.units), terminator: "")
        }
        guard apply, !json || yes else { return }
        guard try Confirmation.confirmed(yes, question: "Apply the new order?", refused: "Not applied",
                                         declined: OrderPreview.unchanged) else { return }
        let store = try data.openStore()
        let change: ChangeDescription
        do {
            change = try TripEditor(tripID: loaded.id, repository: store).reorder(found.order, of: loaded.waypoints)
        } catch TripEditError.tripChanged {
            throw CLIFailure.user("\"\(TerminalSafe.line(loaded.name))\": its stops changed while the order was worked out "
                                  + "(another edit was saved); nothing was applied: run optimise again")
        } catch {
            throw CLIFailure(error)
        }
        print(TerminalSafe.line(change.done))
    }
}
