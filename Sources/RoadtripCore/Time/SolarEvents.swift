import Foundation

/// The sun at a place on one day: when it rises and sets, when civil dusk falls — or that it does neither.
public enum Daylight: Equatable, Sendable {
    /// `civilDusk` is nil when the sun stays above 6° below the horizon all night (a white night): it never gets
    /// dark, though the sun does set.
    case day(sunrise: Date, sunset: Date, civilDusk: Date?)
    /// The sun stays up all day.
    case midnightSun
    /// The sun stays down all day.
    case polarNight
}

/// Sunrise, sunset and civil dusk from NOAA's solar equations (Meeus' low-precision sun), each evaluated again at
/// the event's own time until it settles: well within a minute of an ephemeris below the polar circles. Pure
/// arithmetic, no tables, no network.
public enum SolarEvents {
    /// The sun's centre 50′ below the horizon: its radius (16′) plus refraction at the horizon (34′).
    static let sunriseAltitude = -0.833
    static let civilDuskAltitude = -6.0

    /// The events of the solar day whose noon is nearest noon of `date` in `timeZone` (for almost every place the
    /// day itself; near the date line, where a zone runs a day ahead of the sun, the day people live there).
    public static func daylight(on date: CalendarDate, latitude: Double, longitude: Double,
                                timeZone: TimeZone) -> Daylight {
        daylight(aroundLocalNoon: localNoon(of: date, in: timeZone), latitude: latitude, longitude: longitude)
    }

    /// The events of the solar day whose noon is nearest `localNoon` (an instant): for a caller that has the
    /// day's noon on its zone's clock already (`ItineraryDaylight`).
    static func daylight(aroundLocalNoon localNoon: Date, latitude: Double, longitude: Double) -> Daylight {
        let noon = solarNoon(near: localNoon, longitude: longitude)
        guard let sunrise = event(altitude: sunriseAltitude, rising: true, noon: noon, latitude: latitude, longitude: longitude),
              let sunset = event(altitude: sunriseAltitude, rising: false, noon: noon, latitude: latitude, longitude: longitude)
        else {
            return altitudeAtNoon(noon, latitude: latitude) > sunriseAltitude ? .midnightSun : .polarNight
        }
        let dusk = event(altitude: civilDuskAltitude, rising: false, noon: noon, latitude: latitude, longitude: longitude)
        return .day(sunrise: sunrise, sunset: sunset, civilDusk: dusk)
    }

    /// The sun's transit at `longitude` nearest noon of `date` in `timeZone`.
    public static func solarNoon(on date: CalendarDate, longitude: Double, timeZone: TimeZone) -> Date {
        solarNoon(near: localNoon(of: date, in: timeZone), longitude: longitude)
    }

    static func localNoon(of date: CalendarDate, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)
        // Every zone has a 12:00 on every day (changes happen at night); the fallback keeps this total.
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: Double(date.dayNumber - epochDayNumber) * 86_400 + 43_200)
    }

    /// The instant the sun crosses the meridian at `longitude`, within half a day of `instant`.
    static func solarNoon(near instant: Date, longitude: Double) -> Date {
        var noon = instant
        for _ in 0..<3 {
            let sun = SunPosition(at: noon)
            // Minutes after 00:00 UTC of the instant's UTC day.
            let minutes = 720 - 4 * longitude - sun.equationOfTime
            let midnight = (noon.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
            var candidate = midnight + minutes * 60
            // Keep the noon nearest the starting instant, not one a day away.
            while candidate - instant.timeIntervalSince1970 > 43_200 { candidate -= 86_400 }
            while instant.timeIntervalSince1970 - candidate > 43_200 { candidate += 86_400 }
            noon = Date(timeIntervalSince1970: candidate)
        }
        return noon
    }

    /// When the sun's centre passes `altitude` before (`rising`) or after the noon; nil when it does not that day.
    static func event(altitude: Double, rising: Bool, noon: Date, latitude: Double, longitude: Double) -> Date? {
        var time = noon
        for _ in 0..<4 {
            let sun = SunPosition(at: time)
            guard let hourAngle = hourAngle(altitude: altitude, latitude: latitude, declination: sun.declination)
            else { return nil }
            // The meridian transit with the equation of time at this instant, then the hour angle from it.
            let transitShift = (SunPosition(at: noon).equationOfTime - sun.equationOfTime) * 60
            let offset = hourAngle * 4 * 60 * (rising ? -1 : 1)
            time = Date(timeIntervalSince1970: noon.timeIntervalSince1970 + transitShift + offset)
        }
        return time
    }

    /// Degrees from the meridian at which the sun is at `altitude`; nil when it never gets there.
    static func hourAngle(altitude: Double, latitude: Double, declination: Double) -> Double? {
        let phi = radians(latitude), delta = radians(declination)
        let cosH = (sin(radians(altitude)) - sin(phi) * sin(delta)) / (cos(phi) * cos(delta))
        guard cosH.isFinite, (-1...1).contains(cosH) else { return nil }
        return degrees(acos(cosH))
    }

    /// The sun's altitude in degrees at `instant` seen from a place (its centre, without refraction): from the
    /// hour angle of true solar time, as the events are found.
    public static func altitude(at instant: Date, latitude: Double, longitude: Double) -> Double {
        let sun = SunPosition(at: instant)
        let seconds = instant.timeIntervalSince1970
        let minutesUTC = (seconds - (seconds / 86_400).rounded(.down) * 86_400) / 60
        let hourAngle = (minutesUTC + sun.equationOfTime + 4 * longitude) / 4 - 180
        let phi = radians(latitude), delta = radians(sun.declination)
        let sine = sin(phi) * sin(delta) + cos(phi) * cos(delta) * cos(radians(hourAngle))
        return degrees(asin(min(max(sine, -1), 1)))
    }

    static func altitudeAtNoon(_ noon: Date, latitude: Double) -> Double {
        90 - abs(latitude - SunPosition(at: noon).declination)
    }

    /// 1970-01-01 as a `CalendarDate` day number.
    private static let epochDayNumber = CalendarDate(year: 1970, month: 1, day: 1)!.dayNumber
}

/// Where the sun is at an instant, as much of it as the events need: NOAA's series in Julian centuries.
struct SunPosition {
    /// Degrees north of the celestial equator.
    let declination: Double
    /// Minutes by which apparent solar time runs ahead of mean solar time.
    let equationOfTime: Double

    init(at instant: Date) {
        let julianDay = instant.timeIntervalSince1970 / 86_400 + 2_440_587.5
        let t = (julianDay - 2_451_545) / 36_525
        let meanLongitude = (280.46646 + t * (36_000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + t * (35_999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let m = radians(meanAnomaly)
        let centre = sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t))
            + sin(2 * m) * (0.019993 - 0.000101 * t) + sin(3 * m) * 0.000289
        let omega = radians(125.04 - 1_934.136 * t)
        let apparentLongitude = meanLongitude + centre - 0.00569 - 0.00478 * sin(omega)
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = radians(meanObliquity + 0.00256 * cos(omega))
        declination = degrees(asin(sin(obliquity) * sin(radians(apparentLongitude))))

        let y = pow(tan(obliquity / 2), 2)
        let l0 = radians(meanLongitude)
        let e = eccentricity
        equationOfTime = 4 * degrees(y * sin(2 * l0) - 2 * e * sin(m) + 4 * e * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * e * e * sin(2 * m))
    }
}

private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
