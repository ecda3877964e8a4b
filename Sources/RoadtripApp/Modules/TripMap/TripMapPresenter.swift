import Foundation
import RoadtripCore

/// View logic of the full-screen map: where it looks (`TripMapCamera`), which stop is selected, the status texts,
/// and the stop form for the selection.
final class TripMapPresenter: TripMapViewOutput, WaypointModuleOutput, RefusesEditsWhenReadOnly {
    weak var view: TripMapViewInput?
    /// The screen that opened the map, told of each stop selected here.
    weak var output: TripMapModuleOutput?
    /// Changes from elsewhere (`dataDidChange`), for as long as the presenter lives.
    var subscription: ChangeFeed.Subscription?
    private let interactor: TripMapInteractorInput
    private let router: TripMapRouterInput
    private let settings: LiveSettings
    private let baseMap: BaseMapLoader?
    private let places: PlaceIndexLoader?

    private var watched: WatchedTrip
    private var trip: Trip? { watched.trip }
    private var itinerary: Itinerary?
    private var camera: TripMapCamera?
    private var message: StatusMessage?
    /// The category of POIs drawn along the route; nil: none.
    private var poiCategory: POICategory?
    private var pois: [AlongStop] = []

    init(interactor: TripMapInteractorInput, router: TripMapRouterInput, settings: LiveSettings,
         selected: Waypoint.ID?, baseMap: BaseMapLoader? = nil, places: PlaceIndexLoader? = nil) {
        self.interactor = interactor
        self.router = router
        self.settings = settings
        self.baseMap = baseMap
        self.places = places
        watched = WatchedTrip(selected: selected)
    }

    /// Routes arrived for this trip, the settings changed, or the file was read again.
    /// The late data the map draws: the legs, their water marks, the units, the base map and its towns.
    static let reads: Set<LateInput> = [.routes, .shorelines, .settings, .regions, .baseMap, .places]

    func dataDidChange(_ change: DataChange) {
        ScreenChange(change, reads: Self.reads, trip: interactor.tripID).apply(say: { message = $0 }, reload: reload, render: render)
    }

    // MARK: View output

    func viewWillAppear() {
        reload()
    }

    func didLayout(columns: Int, rows: Int) {
        let fit = fitted(columns: columns, rows: rows)
        if camera == nil {
            camera = TripMapCamera(fit: fit)
        } else {
            camera?.layout(fit: fit)
        }
        keepSelectionInView()
        render()
    }

    func didRequestPan(dx: Int, dy: Int) {
        message = nil
        camera?.pan(dx: dx, dy: dy)
        render()
    }

    func didRequestZoom(in zoomIn: Bool) {
        message = nil
        camera?.zoom(by: zoomIn ? TripMapCamera.zoomStep : 1 / TripMapCamera.zoomStep)
        render()
    }

    func didRequestFit() {
        message = nil
        camera?.fitTrip()
        render()
    }

    func didRequestStop(offset: Int) {
        guard let stops = trip?.waypoints, !stops.isEmpty else { return }
        message = nil
        let index = selectedIndex.map { min(max($0 + offset, 0), stops.count - 1) } ?? 0
        select(stops[index].id)
        keepSelectionInView()
        render()
    }

    func didClick(row: Int, column: Int) {
        guard let stops = trip?.waypoints, !stops.isEmpty, let projection = camera?.projection else { return }
        message = nil
        // The middle of the clicked cell, in dots; the nearest stop's marker wins.
        let x = Double(column * BrailleCell.dotsAcross + 1), y = Double(row * BrailleCell.dotsDown + 2)
        let nearest = stops.indices.min { a, b in
            distance(stops[a], projection, x, y) < distance(stops[b], projection, x, y)
        }
        if let nearest { select(stops[nearest].id) }
        render()
    }

    private func select(_ stop: Waypoint.ID) {
        watched.selectedID = stop
        output?.tripMap(didSelect: stop)
    }

    private func distance(_ stop: Waypoint, _ projection: MapProjection, _ x: Double, _ y: Double) -> Double {
        let p = projection.project(stop.coordinate)
        return (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)
    }

    func didRequestEditStop() {
        guard let trip, let index = selectedIndex else { return }
        message = nil
        router.showWaypointForm(editing: trip.waypoints[index], near: index > 0 ? trip.waypoints[index - 1] : nil,
                                output: self)
    }

    func didRequestPOICategory() {
        let all = POICategory.allCases
        poiCategory = poiCategory.map { all.firstIndex(of: $0)! + 1 < all.count ? all[all.firstIndex(of: $0)! + 1] : nil }
            ?? all.first
        message = poiCategory.map { .info("Along the route: \($0.rawValue) (\(MapPOIs.glyph($0))), drawn at 1 cell ≈ "
                                          + "\(TripText.distance(MapPOIs.maxKmPerCell, settings.current.units, estimated: false)) or closer") }
        findPOIs()
        render()
    }

    /// The POIs of the category along the route as it is now, off the loop.
    private func findPOIs() {
        guard let trip, let itinerary, let category = poiCategory else { return pois = [] }
        interactor.poisAlong(trip, itinerary, category: category) { [weak self] in
            self?.pois = $0
            self?.render()
        }
    }

    var access: StoreAccess { interactor.access }

    func show(_ message: StatusMessage) {
        self.message = message
        render()
    }

    func didRequestBack() {
        router.close()
    }


    // MARK: Waypoint module output

    func waypointModule(didSave waypoint: Waypoint) -> String? {
        watched.selectedID = waypoint.id
        defer { reload() }
        return PromptResult.run({
            message = .info(try interactor.updateStop(waypoint).done)
        }) { message = .failure($0) }
    }

    // MARK: Building the view model

    private var selectedIndex: Int? { watched.selectedIndex }

    private func fitted(columns: Int, rows: Int) -> MapProjection {
        TripMapModel.projection(stops: trip?.waypoints ?? [], itinerary: itinerary, columns: columns, rows: rows)
    }

    private func keepSelectionInView() {
        guard let index = selectedIndex, let stop = trip?.waypoints[index] else { return }
        camera?.keepInView(stop.coordinate)
    }

    private func reload() {
        guard watched.reload(interactor.loadTrip), let trip else {
            // Deleted elsewhere or gone after a reload: nothing to show here any more.
            router.close()
            return
        }
        itinerary = interactor.itinerary(for: trip)
        findPOIs()
        if let camera {
            // The trip's view follows edited stops; a view the user chose stays.
            self.camera?.layout(fit: fitted(columns: camera.fit.width / BrailleCell.dotsAcross, rows: camera.fit.height / BrailleCell.dotsDown))
        }
        render()
    }

    private func render() {
        let unit = settings.current.units
        guard let trip, let content = watched.mapContent(itinerary, unit: unit, routing: interactor.isRouting,
                                                         baseMap: baseMap, places: places) else { return }
        let stops = trip.waypoints
        let selection: String
        if let index = selectedIndex {
            let stop = stops[index]
            let place = TripText.place(of: stop)
            selection = "\(index + 1)/\(stops.count) \(stop.name)" + (place.isEmpty ? "" : " · \(place)")
        } else {
            selection = "No stops yet"
        }
        view?.show(TripMapViewModel(
            title: trip.name,
            content: content,
            projection: camera?.projection, selectedIndex: selectedIndex, selection: selection,
            scale: camera.map { Self.scaleText($0, unit) } ?? "", message: message,
            pois: camera.map { MapPOIs.cells(pois, projection: $0.projection, columns: $0.projection.width / BrailleCell.dotsAcross,
                                             rows: $0.projection.height / BrailleCell.dotsDown) } ?? [],
            poiLegend: poiCategory.map { "\(MapPOIs.glyph($0)) \($0.rawValue)" } ?? ""))
    }

    /// "×4 · 1 cell ≈ 12 km": the zoom against the trip's view, and the width of a cell at the view's middle.
    static func scaleText(_ camera: TripMapCamera, _ unit: DistanceUnit) -> String {
        let kmPerCell = MapPOIs.kmPerCell(camera.projection)
        let zoom = camera.zoom
        let factor = zoom >= 0.95 ? String(format: "×%g", (zoom * 10).rounded() / 10)
                                  : String(format: "×1/%g", (1 / zoom * 10).rounded() / 10)
        return "\(factor) · 1 cell ≈ \(TripText.distance(kmPerCell, unit, estimated: false))"
    }
}
