import RoadtripCore

/// Where the full-screen map looks: fitted to the trip until the user pans or zooms, then wherever they took it.
/// Pure value logic, so the presenter's tests need no terminal.
struct TripMapCamera: Equatable {
    /// The deepest zoom: about 25 m a dot, far finer than the base map's detail.
    static let maximumScale = 360 / 0.0002
    /// One key's zoom.
    static let zoomStep = 2.0

    /// The trip's whole route in view on the current grid.
    private(set) var fit: MapProjection
    private(set) var projection: MapProjection
    /// Still showing `fit`: a resize fits again instead of keeping the centre and scale.
    private(set) var isFitted = true

    init(fit: MapProjection) {
        self.fit = fit
        projection = fit
    }

    /// How many times closer than the whole trip's view.
    var zoom: Double { fit.scale > 0 ? projection.scale / fit.scale : 1 }

    /// The grid changed size: `fit` is the trip's fit on the new one.
    mutating func layout(fit newFit: MapProjection) {
        fit = newFit
        projection = isFitted ? newFit : projection.resized(width: newFit.width, height: newFit.height)
    }

    mutating func fitTrip() {
        projection = fit
        isFitted = true
    }

    /// Zooms by `factor` about the centre, no further out than the whole world across the grid (or the trip's
    /// view when that is wider) and no further in than `maximumScale`.
    mutating func zoom(by factor: Double) {
        let smallest = min(fit.scale, Double(max(1, projection.width)))
        let scale = min(max(projection.scale * factor, smallest), max(Self.maximumScale, fit.scale))
        guard scale != projection.scale else { return }
        projection = projection.zoomed(by: scale / projection.scale)
        isFitted = false
    }

    /// Moves a quarter of the grid per step.
    mutating func pan(dx: Int, dy: Int) {
        projection = projection.panned(dx: Double(dx * max(1, projection.width / 4)),
                                       dy: Double(dy * max(1, projection.height / 4)))
        isFitted = false
    }

    /// Centres on `coordinate` when it is not at least `margin` dots inside the grid (less than the fit's margin,
    /// so a fitted trip's outermost stop counts as in view).
    mutating func keepInView(_ coordinate: Coordinate, margin: Double = 2) {
        let p = projection.project(coordinate)
        let width = Double(projection.width), height = Double(projection.height)
        let inside = p.x >= min(margin, width / 2) && p.x <= width - min(margin, width / 2)
            && p.y >= min(margin, height / 2) && p.y <= height - min(margin, height / 2)
        guard !inside else { return }
        projection = projection.centered(on: coordinate)
        isFitted = false
    }
}
