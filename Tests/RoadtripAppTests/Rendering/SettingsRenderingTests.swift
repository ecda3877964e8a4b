import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI
import XCTest

/// The Settings screen drawn by the real app loop at fixed sizes and compared row by row. The settings file is in
/// a fresh temporary folder, so the title row (which ends in its path) is checked apart.
final class SettingsRenderingTests: XCTestCase {
    private var folder: TemporaryTripFile!
    private var url: URL!

    override func setUpWithError() throws {
        folder = try TemporaryTripFile()
        url = folder.directory.appendingPathComponent("config.toml")
        try "speed_kmh = 95\n".write(to: url, atomically: true, encoding: .utf8)
    }

    private func settingsScreen(rows: Int, columns: Int,
                                overrides: SettingsOverrides = SettingsOverrides()) -> AppDriver {
        let app = AppDriver(repository: InMemoryTripRepository(trips: RenderingFixtures.all), rows: rows,
                            columns: columns, settingsFile: SettingsFile(url: url), overrides: overrides)
        app.press(.character("s"))
        return app
    }

    private func assertScreen(_ app: AppDriver, _ below: [String], status: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        let title = app.screen[0]
        XCTAssertTrue(title.hasPrefix(" Settings "), app.dump, file: file, line: line)
        // A path too long for half the width keeps its end, the file's name.
        XCTAssertTrue(title.hasSuffix("/config.toml"), app.dump, file: file, line: line)
        let rows = app.terminal.size.rows
        let expected = below + Array(repeating: "", count: max(0, rows - 2 - below.count)) + [status]
        XCTAssertEqual(Array(app.screen.dropFirst()), expected, app.dump, file: file, line: line)
    }

    func testSettingsAt80x24() {
        let app = settingsScreen(rows: 24, columns: 80)
        app.press(.character("j"), .character("j"), .character("j"), .character("j"))
        assertScreen(app, [
            " KEY                    VALUE",
            " units                  km  (default)                                          █",
            " router                 estimate  (default)                                    █",
            " osrm_url               http://127.0.0.1:5000  (default)                       █",
            " routino_dir            /home/u/.local/share/roadtrip/routino  (default)       █",
            " speed_kmh              95                                                     █",
            " detour                 1.3  (default)                                         █",
            " daily_limit_hours      8  (default)                                           █",
            " departure              09:00  (default)                                       █",
            " break_after_hours      4.5  (default)                                         █",
            " break_minutes          45  (default)                                          █",
            " vehicle                car  (default)                                         │",
            " top_speed_kmh          0  (default)                                           │",
            " consumption_per_100km  0  (default)                                           │",
            " consumption_at_120     0  (default)                                           │",
            " tank                   0  (default)                                           │",
            " range_km               0  (default)                                           │",
            " height_m               0  (default)                                           │",
            " width_m                0  (default)                                           │",
            " weight_t               0  (default)                                           │",
            "",
            " The estimate's average speed, 10 to 200 km/h · default 80",
        ], status: " Settings │ Enter change  d default  q back  ? help")
        XCTAssertEqual(app.terminal.cell(row: 6, column: 1).attributes, .selection)
        XCTAssertEqual(app.terminal.cell(row: 6, column: 78).attributes, .selection)
        XCTAssertEqual(app.terminal.cell(row: 7, column: 25).attributes, .normal, "the value")
        XCTAssertEqual(app.terminal.cell(row: 7, column: 30).attributes, .muted, "(default)")
    }

    func testAChangeSaysSoOnTheBottomLineAt80x24() {
        let app = settingsScreen(rows: 24, columns: 80)
        app.press(.enter)
        assertScreen(app, [
            " KEY                    VALUE",
            " units                  mi                                                     █",
            " router                 estimate  (default)                                    █",
            " osrm_url               http://127.0.0.1:5000  (default)                       █",
            " routino_dir            /home/u/.local/share/roadtrip/routino  (default)       █",
            " speed_kmh              95                                                     █",
            " detour                 1.3  (default)                                         █",
            " daily_limit_hours      8  (default)                                           █",
            " departure              09:00  (default)                                       █",
            " break_after_hours      4.5  (default)                                         █",
            " break_minutes          45  (default)                                          │",
            " vehicle                car  (default)                                         │",
            " top_speed_kmh          0  (default)                                           │",
            " consumption_per_100km  0  (default)                                           │",
            " consumption_at_120     0  (default)                                           │",
            " tank                   0  (default)                                           │",
            " range_km               0  (default)                                           │",
            " height_m               0  (default)                                           │",
            " width_m                0  (default)                                           │",
            "",
            " Distances in km or mi · default km",
            " Saved units = mi",
        ], status: " Settings │ Enter change  d default  q back  ? help")
    }

    func testSettingsAt40x10WithAnOverride() {
        let app = settingsScreen(rows: 10, columns: 40, overrides: SettingsOverrides(units: .mi))
        assertScreen(app, [
            " --units mi for this run",
            " KEY                  VALUE",
            " units                km  (default)    █",
            " router               estimate  (defa… │",
            " osrm_url             http://127.0.0.… │",
            " routino_dir          /home/u/.local/… │",
            "",
            " Distances in km or mi · default km · …",
        ], status: " Settings │ Enter change  ? help")
        // Further down, the list scrolls; the hint is the selected key's.
        app.press(.character("G"))
        XCTAssertEqual(app.screen[6], " charge_ports         type2,type2_cab… █", app.dump)
        XCTAssertEqual(app.screen[8], " The car's sockets: chargers without o…", app.dump)
    }
}
