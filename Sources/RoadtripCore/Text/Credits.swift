/// OpenStreetMap's credit (its data is ODbL: installed regions, their places and points of interest, the roads of
/// OSRM and Routino, Geofabrik's index, the zone boundaries' source), spelled once for every screen, help text,
/// command and file that shows the data.
public enum Credits {
    /// Who holds the rights, as GPX's `copyright author` names them.
    public static let openStreetMapHolders = "OpenStreetMap contributors"
    /// The credit where the data is shown: "© OpenStreetMap contributors, ODbL".
    public static let openStreetMap = "© \(openStreetMapHolders), ODbL"
    /// With where the licence is explained, for help and files.
    public static let openStreetMapInFull = "\(openStreetMap) (openstreetmap.org/copyright)"
    public static let openStreetMapLicenceURL = "https://opendatacommons.org/licenses/odbl/1-0/"
    public static let openStreetMapCopyrightURL = "https://www.openstreetmap.org/copyright"
}
