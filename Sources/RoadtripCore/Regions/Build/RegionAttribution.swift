extension InstalledRegions {
    /// Regions are built from OpenStreetMap extracts: every screen or file that shows their data credits it.
    public static let attribution = "Regions and Geofabrik's index: \(Credits.openStreetMapInFull)"
}
