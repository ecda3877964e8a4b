import Foundation
import RoadtripCore
import TerminalUI

/// The trip screen's ways out of the app, for its presenter: the export dialog (a format, then a file) and the
/// share links (`y`). Each asks through the router and says how it went through `say`.
final class TripDetailSharing {
    private let interactor: TripDetailInteractorInput
    private let router: TripDetailRouterInput
    /// Puts a message on the trip screen (nil clears it).
    private let say: (StatusMessage?) -> Void

    init(interactor: TripDetailInteractorInput, router: TripDetailRouterInput, say: @escaping (StatusMessage?) -> Void) {
        self.interactor = interactor
        self.router = router
        self.say = say
    }

    /// Asks for a format, then a file; writes `trip` as planned by `plan` at the moment the file is chosen.
    func export(_ trip: Trip, plan: @escaping () -> (Itinerary, DistanceUnit, TripCost, TripBattery?)?) {
        let formats: [(Character, ExportFormat, String)] = [
            ("g", .gpx, "GPX: GPS units and apps (OsmAnd, Organic Maps, Garmin)"),
            ("k", .kml, "KML: Google Earth and My Maps"), ("j", .geojson, "GeoJSON: maps on the web"),
            ("m", .md, "Markdown: the plan day by day"), ("c", .ics, "iCalendar: each stay and each day's drive"),
        ]
        router.choose(title: "Export \"\(trip.name)\"", message: "In which format?",
                      choices: formats.map { .init($0.0, $0.2) }) { [weak self] key in
            guard let format = formats.first(where: { $0.0 == key })?.1 else { return }
            self?.askWhereToExport(trip, as: format, plan: plan)
        }
    }

    /// The file: the working folder and the trip's name by default; a file that exists is replaced only
    /// when Enter is pressed again on the same path.
    private func askWhereToExport(_ trip: Trip, as format: ExportFormat, plan: @escaping () -> (Itinerary, DistanceUnit, TripCost, TripBattery?)?) {
        let folder = URL(fileURLWithPath: interactor.workingFolder)
        let initial = folder.appendingPathComponent(TripExport.fileName(for: trip, format: format)).path
        var confirmedPath: String?
        router.askForPath(title: "Export as \(format.title) to", initial: initial, enterDoes: "export") { [weak self] text in
            guard let self, let (itinerary, unit, cost, battery) = plan() else { return nil }
            let path = TypedPath.resolve(text)
            guard !path.isEmpty else { return "Type a file name" }
            do {
                try self.interactor.export(trip, itinerary, as: format, unit: unit, cost: cost, battery: battery,
                                           to: URL(fileURLWithPath: path),
                                           replacing: confirmedPath == path)
            } catch TripExport.Failure.exists {
                confirmedPath = path
                return "It exists: Enter again replaces it"
            } catch let TripExport.Failure.storeFile(_, role) {
                return "That is \(role): choose another file"
            } catch let TripExport.Failure.notAFile(_, kind) {
                return "That is \(kind): choose a file"
            } catch let error as ExportError {
                return error.description + (error.startDateAdvice.map { " (\($0): s on the trip screen)" } ?? "")
            } catch let TripExport.Failure.noFolder(path, problem) {
                return "Cannot write \(path): \(problem)"  // the path as read, which `~` or `//` make unlike the text
            } catch let TripExport.Failure.cannotWrite(path, reason) {
                return "Cannot write \(path): \(reason)"
            } catch {
                return String(describing: error)
            }
            self.say(.info("Exported \(format.title) to \(path)"))
            return nil
        }
    }

    /// The links in a dialog, copied as they are shown; a key there switches to another service, and `d` between
    /// Google Maps links for phones (the default) and for computers.
    func showLink(_ trip: Trip, service: ShareService = .google, desktop: Bool = false) {
        let links = ShareLink.links(for: trip.waypoints, service: service, desktop: desktop)
        guard !links.isEmpty else { return say(.info("No stops to link to yet: a adds one")) }
        let copied = router.copyToClipboard(links.map(\.url).joined(separator: "\n"))
        let how = copied ? "Copied to the clipboard (OSC 52), where the terminal allows it."
            : "This terminal takes no clipboard requests: `roadtrip link` prints the links."
        let note = ShareLink.splitNote(links, service: service, desktop: desktop, desktopKey: "[d]")
        let text = ([note].compactMap { $0 } + links.map(\.url) + [how]).joined(separator: "\n\n")
        let others: [(Character, ShareService)] = [("g", .google), ("o", .osm), ("a", .apple)].filter { $0.1 != service }
        var choices = others.map { ChoiceDialog.Choice($0.0, $0.1.title) }
        if service.hasDesktopLinks {
            choices.append(ChoiceDialog.Choice("d", desktop ? "links for a phone" : "links for a computer"))
        }
        let kind = service.hasDesktopLinks ? (desktop ? " (computer)" : " (phone)") : ""
        say(copied ? .info("Copied the \(service.title) link\(kind)") : nil)
        router.choose(title: "\(service.title) link\(kind)", message: text, choices: choices) { [weak self] key in
            if key == "d" {
                self?.showLink(trip, service: service, desktop: !desktop)
            } else if let next = others.first(where: { $0.0 == key })?.1 {
                self?.showLink(trip, service: next, desktop: desktop)
            }
        }
    }
}
