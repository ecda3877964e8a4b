import Foundation

/// A way tagged `toll=yes`: its nodes' positions in order, and its charge when it has a plain one.
struct TollWay: Equatable, Sendable {
    /// A node's position in units of 1e-7 degree, as OpenStreetMap stores it.
    struct Point: Equatable, Sendable {
        let latitude: Int32
        let longitude: Int32

        static let maxLatitude: Int32 = 900_000_000
        static let maxLongitude: Int32 = 1_800_000_000

        /// nil outside ±90° latitude, ±180° longitude.
        init?(latitude: Int32, longitude: Int32) {
            guard abs(Int64(latitude)) <= Int64(Self.maxLatitude), abs(Int64(longitude)) <= Int64(Self.maxLongitude)
            else { return nil }
            self.latitude = latitude
            self.longitude = longitude
        }

        /// Degrees to the nearest unit; nil when not finite or out of range.
        init?(degrees latitude: Double, _ longitude: Double) {
            let lat = (latitude * 1e7).rounded(), lon = (longitude * 1e7).rounded()
            guard lat.isFinite, lon.isFinite, abs(lat) <= Double(Self.maxLatitude), abs(lon) <= Double(Self.maxLongitude)
            else { return nil }
            self.init(latitude: Int32(lat), longitude: Int32(lon))
        }
    }

    /// Two or more.
    let points: [Point]
    /// nil: tolled, price unknown.
    let charge: TollCharge?

    /// OpenStreetMap's own limit on a way's nodes.
    static let maxPoints = 2_000

    init?(points: [Point], charge: TollCharge?) {
        guard (2...Self.maxPoints).contains(points.count) else { return nil }
        self.points = points
        self.charge = charge
    }
}
