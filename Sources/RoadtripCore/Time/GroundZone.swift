import Foundation

extension StopZones {
    /// The zone the boundary index gives on land at a point; nil where it has none to give: the index is not
    /// installed, or the point falls at sea (a nautical `Etc/` zone), as a pier or skerry may on its simplified coast.
    public static func landZoneName(latitude: Double, longitude: Double) -> String? {
        guard let index = try? TimeZoneIndex.bundled() else { return nil }
        let zone = index.zone(latitude: latitude, longitude: longitude)
        return zone.hasPrefix("Etc/") ? nil : zone
    }
}

extension Place {
    /// The zone a stop at this place keeps: the boundary index's at its point, which follows the ground where the
    /// gazetteer's own (GeoNames') does not — West Wendover, Nevada keeps Mountain Time, GeoNames gives it
    /// `America/Los_Angeles` — and the gazetteer's where the index has no land zone there. Empty when neither knows.
    public var groundTimeZone: String {
        StopZones.landZoneName(latitude: latitude, longitude: longitude) ?? timezone
    }
}
