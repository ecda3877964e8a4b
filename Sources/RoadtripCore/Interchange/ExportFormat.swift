import Foundation

/// The file formats a trip is exported to (`roadtrip export --format`).
public enum ExportFormat: String, CaseIterable, Sendable {
    case gpx, kml, geojson, md, ics

    public var fileExtension: String { rawValue }

    /// How people write the format's name.
    public var title: String {
        switch self {
        case .gpx: return "GPX"
        case .kml: return "KML"
        case .geojson: return "GeoJSON"
        case .md: return "Markdown"
        case .ics: return "iCalendar"
        }
    }

    /// The file's text for `trip` planned as `itinerary` (distances in `unit` where the format shows them).
    /// `creator` names the program in GPX and iCalendar ("roadtrip 0.1.0"); `cost`, when given, goes into Markdown
    /// and iCalendar (the trip's and each day's); so does an electric trip's `battery` (each stop's charge, and what
    /// each charge stop adds).
    public func document(_ trip: Trip, _ itinerary: Itinerary, unit: DistanceUnit,
                         creator: String = "roadtrip \(Release.version)", cost: TripCost? = nil,
                         battery: TripBattery? = nil) throws -> String {
        switch self {
        case .gpx: return GPXWriter.document(trip, itinerary, unit: unit, creator: creator)
        case .kml: return KMLWriter.document(trip, itinerary, unit: unit)
        case .geojson: return GeoJSONWriter.document(trip, itinerary)
        case .md: return MarkdownWriter.document(trip, itinerary, unit: unit, cost: cost, battery: battery)
        case .ics: return try ICalendarWriter.document(trip, itinerary, unit: unit, creator: creator, cost: cost,
                                                            battery: battery)
        }
    }
}

/// Why a trip cannot be written in a format.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// A calendar needs dates.
    case noStartDate
    /// A calendar with no event is not a valid iCalendar file: a trip without a drive or a stay has none.
    case noStays
    /// A stay ends after the last day a calendar date can say (31 Dec 9999).
    case datesOutOfRange

    /// The reason alone: the app and the command line each add how to set a date there (`startDateAdvice`).
    public var description: String {
        switch self {
        case .noStartDate:
            return "the trip has no start date, so its stays have no dates for a calendar"
        case .noStays:
            return "the trip has no drive and no stop with nights: there is nothing to put in a calendar"
        case .datesOutOfRange:
            return "the trip's drives and stays run past the year 9999, which a calendar's dates cannot hold"
        }
    }

    /// What a start date would do about it ("set one"); nil when none would.
    public var startDateAdvice: String? {
        switch self {
        case .noStartDate: return "set one"
        case .datesOutOfRange: return "set an earlier start date"
        case .noStays: return nil
        }
    }
}
