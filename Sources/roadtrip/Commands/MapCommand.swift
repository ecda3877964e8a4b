import ArgumentParser
import Foundation
import RoadtripApp
import RoadtripCore
import TerminalUI

struct MapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Print a map of a trip as text: outlines, towns, the route, numbered stops, their legend and a scale bar.")

    @OptionGroup var data: DataOptions
    @OptionGroup var unit: UnitOptions
    @Argument(help: "Trip name (a unique prefix or any words of it) or id (its first 4+ characters are enough).",
              completion: .tripNames) var trip: String
    @Option(help: "Columns of the output (20 to 1000).") var width = 80
    @Option(help: "Lines of the output, the legend and the attribution included (8 to 1000).") var height = 24
    @Flag(help: "Draw with ASCII characters instead of braille (the default when the locale is not UTF-8).") var ascii = false

    func validate() throws {
        guard (20...1000).contains(width) else { throw ValidationError("--width must be between 20 and 1000.") }
        guard (8...1000).contains(height) else { throw ValidationError("--height must be between 8 and 1000.") }
    }

    func run() throws {
        let (loaded, itinerary, settings) = try CommandRoutes.plannedTrip(trip, data: data, options: unit)
        // Both files are read at once: the towns' (the larger) on another thread.
        let towns = BackgroundLoad<TownIndex>(qos: .userInitiated) { try TownIndex.loadBundled() }
        var baseMap: BaseMap?
        do {
            baseMap = try BaseMap.loadBundled()
        } catch {
            Output.printNotices([Self.sentence(error) + " The map shows no coastlines or borders."])
        }
        let townIndex: TownIndex?
        do {
            townIndex = try towns.wait()
        } catch {
            townIndex = nil
            Output.printNotices([Self.sentence(error) + " The map shows no towns."])
        }
        let plain = ascii || !Self.localeIsUTF8()
        let legend = Self.legend(loaded.waypoints.map(\.name), width: width, separator: plain ? ", " : " · ")
        let mapRows = max(4, height - legend.count - 1)
        let terminal = MemoryTerminal(rows: mapRows, columns: width, symbols: plain ? .ascii : .unicode)
        let content = TripMapContent(tripID: loaded.id, stops: loaded.waypoints, itinerary: itinerary,
                                     unit: settings.units, stopsRevision: 0, legsRevision: 0, baseMap: { baseMap },
                                     towns: { townIndex })
        let (model, canvas) = TripMapRenderer().model(content, columns: width, rows: mapRows, selected: nil)
        TripMapRenderer.draw(model, canvas: canvas, on: terminal, in: Rect(size: terminal.size),
                         style: plain ? .ascii : .braille)
        let attribution = plain ? model.attribution().replacingOccurrences(of: "©", with: "(c)") : model.attribution()
        print((terminal.screenText + legend + [attribution]).joined(separator: "\n"))
    }

    /// "1 Chicago · 2 Springfield · …" broken into lines of at most `width` columns.
    static func legend(_ names: [String], width: Int, separator: String) -> [String] {
        var lines: [String] = [], line = ""
        for (index, name) in names.enumerated() {
            let item = "\(index + 1) \(TerminalSafe.line(name))"
            if line.isEmpty {
                line = item
            } else if TextWidth.width(line + separator + item) <= width {
                line += separator + item
            } else {
                lines.append(line)
                line = item
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { TextWidth.width($0) <= width ? $0 : TextWidth.pad($0, to: width) }
    }

    /// An error's text ending with a full stop, to put another sentence after it.
    static func sentence(_ error: Error) -> String {
        let text = "\(error)"
        return text.hasSuffix(".") ? text : text + "."
    }

    static func localeIsUTF8() -> Bool {
        setlocale(LC_CTYPE, "")
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        return ["UTF-8", "utf8"].contains(String(cString: codeset))
    }
}
