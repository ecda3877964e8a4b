import RoadtripCore
import TerminalUI

/// The trip's map on the whole screen: the trip's name and the scale on top, the map, then the selected stop and
/// the credit. Keys and the mouse become presenter intents; it tells the presenter its map's size when that
/// changes (the first frame, a resize).
final class TripMapView: Screen, TripMapViewInput {
    var presenter: TripMapViewOutput!
    private(set) var title = "Map"
    private var model: TripMapViewModel?
    private let renderer = TripMapRenderer()
    /// Where the map was drawn last, for clicks and to notice a new size.
    private var mapRect: Rect?

    /// Below this the map says so instead of drawing (the status texts need the width, a map the rows).
    static let minimumColumns = 30
    static let minimumRows = 8

    /// The map's keys: their handling, help and status bar. A click is the mouse's (it needs the map's place).
    static let keys = KeyTable<TripMapView>([
        .init([.left, .character("h")], "pan west", hint: "pan") { $0.presenter.didRequestPan(dx: -1, dy: 0) },
        .init([.down, .character("j")], "pan south", hint: "pan") { $0.presenter.didRequestPan(dx: 0, dy: 1) },
        .init([.up, .character("k")], "pan north", hint: "pan") { $0.presenter.didRequestPan(dx: 0, dy: -1) },
        .init([.right, .character("l")], "pan east", hint: "pan") { $0.presenter.didRequestPan(dx: 1, dy: 0) },
        .init([.character("+"), .character("="), .scrollUp], "zoom in", hint: "zoom") { $0.presenter.didRequestZoom(in: true) },
        .init([.character("-"), .scrollDown], "zoom out", hint: "zoom") { $0.presenter.didRequestZoom(in: false) },
        .init([.character("0")], "the whole trip", hint: "whole trip") { $0.presenter.didRequestFit() },
        .init([.character("n")], "next stop", hint: "stops") { $0.presenter.didRequestStop(offset: 1) },
        .init([.character("p")], "previous stop", hint: "stops") { $0.presenter.didRequestStop(offset: -1) },
        .init([.enter], "edit the selected stop", hint: "edit", edits: true) { $0.presenter.didRequestEditStop() },
        .init([.character("c")], "the regions' places along the route, drawn zoomed in: sleep (S), fuel (F), charge (E), "
                  + "see (V), rest (R), ferry (B), then none") { $0.presenter.didRequestPOICategory() },
        .init([.character("q"), .escape], "back to the stops", hint: "back") { $0.presenter.didRequestBack() },
    ])

    var keyHelp: [KeyHelp] {
        Self.keys.help + [KeyHelp("click", "select the nearest stop"), KeyHelp("map", BaseMap.attribution),
                          KeyHelp("towns", PlaceIndex.attribution), KeyHelp("places", Credits.openStreetMap)]
    }
    var statusHints: [KeyHelp] { Self.keys.statusHints }

    func show(_ model: TripMapViewModel) {
        self.model = model
        title = "Map: " + model.title
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func handle(_ key: Key) -> KeyResult {
        if Self.keys.handle(key, on: self, mayEdit: presenter.mayEdit) { return .handled }
        guard case .click(let row, let column) = key, let rect = mapRect, rect.contains(row: row, column: column) else {
            return .ignored
        }
        presenter.didClick(row: row - rect.row, column: column - rect.column)
        return .handled
    }

    func render(on terminal: Terminal, in area: Rect) {
        guard let model, !area.isEmpty else { return }
        guard area.columns >= Self.minimumColumns, area.rows >= Self.minimumRows else {
            mapRect = nil
            let lines = ["Too small for the map", "need \(Self.minimumColumns)x\(Self.minimumRows + 1)"]
            for (index, line) in lines.enumerated() where index < area.rows {
                terminal.draw(line, row: area.row + index, column: area.column, width: area.columns, attributes: .muted)
            }
            return
        }
        var body = area.dropTop(1)
        if let message = model.message {
            // Laying out below does not change the message: it can be drawn first.
            body = body.dropBottom(MessageArea.draw(message, on: terminal, in: area, column: area.column + 1,
                                                    width: area.columns - 2))
        }
        let rect = Rect(row: body.row, column: area.column, rows: body.rows - 1, columns: area.columns)
        let resized = mapRect.map { $0.rows != rect.rows || $0.columns != rect.columns } ?? true
        mapRect = rect
        if resized || model.projection == nil {
            presenter.didLayout(columns: rect.columns, rows: rect.rows)  // shows a model for this size at once
        }
        guard let current = self.model, let projection = current.projection,
              projection.width == rect.columns * BrailleCell.dotsAcross,
              projection.height == rect.rows * BrailleCell.dotsDown else { return }
        draw(current, projection: projection, on: terminal, in: area, map: rect)
    }

    private func draw(_ current: TripMapViewModel, projection: MapProjection, on terminal: Terminal, in area: Rect,
                      map rect: Rect) {
        let x = area.column + 1, width = area.columns - 2
        let scale = current.poiLegend.isEmpty ? current.scale : current.poiLegend + " · " + current.scale
        let scaleWidth = min(TextWidth.width(scale), width / 2)
        terminal.draw(current.title, row: area.row, column: x, width: width - scaleWidth - 1, attributes: .title)
        terminal.draw(scale, row: area.row, column: area.right - 1 - scaleWidth, width: scaleWidth,
                      attributes: .muted)
        let (map, canvas) = renderer.model(current.content, columns: rect.columns, rows: rect.rows,
                                           selected: current.selectedIndex, projection: projection)
        TripMapRenderer.draw(map, canvas: canvas, on: terminal, in: rect)
        // Beside the stops, never over their numbers or the labels.
        var taken = Set<Int>()
        let spans = map.markers.map { ($0.row, $0.column, TextWidth.width($0.text)) } + map.labels.map { ($0.row, $0.column, $0.width) }
        for (row, column, width) in spans {
            for cell in column..<(column + max(1, width)) { taken.insert(row * rect.columns + cell) }
        }
        for poi in current.pois where poi.row < rect.rows && poi.column < rect.columns
            && !taken.contains(poi.row * rect.columns + poi.column) {
            terminal.draw(String(poi.glyph), row: rect.row + poi.row, column: rect.column + poi.column, attributes: .accent)
        }
        let status = rect.row + rect.rows
        // The licences when the selection keeps its room.
        let credit = TripMapRenderer.attribution(map, width: width - 2 - TextWidth.width(current.selection), for: terminal)
        let creditWidth = TextWidth.width(credit)
        terminal.draw(current.selection, row: status, column: x, width: width - creditWidth - 2,
                      attributes: current.selectedIndex == nil ? .muted : .normal)
        terminal.draw(credit, row: status, column: area.right - 1 - creditWidth, width: creditWidth, attributes: .muted)
    }
}
