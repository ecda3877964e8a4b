import RoadtripCore
import TerminalUI

/// The trip's map on the whole screen: the trip's name and the scale on top, the map, then the selected stop and
/// the credit. Keys and the mouse become presenter intents; it tells the presenter its map's size when that
/// changes (the first frame, a resize).
final class TripMapView: Screen, TripMapViewInput, SaveFailureObserver {
    var presenter: TripMapViewOutput!
    private(set) var title = "Map"
    private var model: TripMapViewModel?
    private let renderer = TripMapRenderer()
    /// Where the map was drawn last, for clicks and to notice a new size.
    private var mapRect: Rect?

    /// Below this the map says so instead of drawing (the status texts need the width, a map the rows).
    static let minimumColumns = 30
    static let minimumRows = 8

    var keyHelp: [KeyHelp] {
        [
            KeyHelp("←↓↑→ hjkl", "pan", inStatusBar: true), KeyHelp("+ -", "zoom", inStatusBar: true),
            KeyHelp("0", "whole trip", inStatusBar: true), KeyHelp("n p", "next / previous stop", inStatusBar: true),
            KeyHelp("Enter", "edit stop", inStatusBar: true), KeyHelp("q", "back", inStatusBar: true),
            KeyHelp("wheel", "zoom in / out"), KeyHelp("click", "select the nearest stop"), KeyHelp("Esc", "back"),
            KeyHelp("map", BaseMap.attribution),
        ]
    }

    func show(_ model: TripMapViewModel) {
        self.model = model
        title = "Map: " + model.title
    }

    func screenDidAppear() {
        presenter.viewWillAppear()
    }

    func saveDidFail(_ error: Error) {
        presenter.didFailToSave(error)
    }

    func handle(_ key: Key) -> KeyResult {
        switch key {
        case .left, .character("h"): presenter.didRequestPan(dx: -1, dy: 0)
        case .right, .character("l"): presenter.didRequestPan(dx: 1, dy: 0)
        case .up, .character("k"): presenter.didRequestPan(dx: 0, dy: -1)
        case .down, .character("j"): presenter.didRequestPan(dx: 0, dy: 1)
        case .character("+"), .character("="), .scrollUp: presenter.didRequestZoom(in: true)
        case .character("-"), .scrollDown: presenter.didRequestZoom(in: false)
        case .character("0"): presenter.didRequestFit()
        case .character("n"): presenter.didRequestStop(offset: 1)
        case .character("p"): presenter.didRequestStop(offset: -1)
        case .enter: presenter.didRequestEditStop()
        case .character("?"): presenter.didRequestHelp()
        case .escape, .character("q"): presenter.didRequestBack()
        case .click(let row, let column):
            guard let rect = mapRect, rect.contains(row: row, column: column) else { return .ignored }
            presenter.didClick(row: row - rect.row, column: column - rect.column)
        default: return .ignored
        }
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
              projection.width == rect.columns * 2, projection.height == rect.rows * 4 else { return }
        draw(current, projection: projection, on: terminal, in: area, map: rect)
    }

    private func draw(_ current: TripMapViewModel, projection: MapProjection, on terminal: Terminal, in area: Rect,
                      map rect: Rect) {
        let x = area.column + 1, width = area.columns - 2
        let scaleWidth = min(TextWidth.width(current.scale), width / 2)
        terminal.draw(current.title, row: area.row, column: x, width: width - scaleWidth - 1, attributes: .title)
        terminal.draw(current.scale, row: area.row, column: area.right - 1 - scaleWidth, width: scaleWidth,
                      attributes: .muted)
        let (map, canvas) = renderer.model(current.content, columns: rect.columns, rows: rect.rows,
                                           selected: current.selectedIndex, projection: projection)
        TripMapRenderer.draw(map, canvas: canvas, on: terminal, in: rect)
        let status = rect.row + rect.rows
        let credit = TripMapRenderer.attribution(for: terminal)
        let creditWidth = TextWidth.width(credit)
        terminal.draw(current.selection, row: status, column: x, width: width - creditWidth - 2,
                      attributes: current.selectedIndex == nil ? .muted : .normal)
        terminal.draw(credit, row: status, column: area.right - 1 - creditWidth, width: creditWidth, attributes: .muted)
    }
}
