import XCTest
@testable import RoadtripCore

/// Conflict copies are known by name alone: each tool's exact names, and nothing that only looks like one.
final class ConflictCopyNameTests: XCTestCase {
    private func tool(_ name: String, of dataName: String = "trips.json") -> SyncTool? {
        ConflictCopies.tool(ofCopyNamed: name, of: dataName)
    }

    private func assertTool(_ expected: SyncTool?, _ names: [String], of dataName: String = "trips.json",
                            file: StaticString = #filePath, line: UInt = #line) {
        for name in names {
            XCTAssertEqual(tool(name, of: dataName), expected, name.debugDescription, file: file, line: line)
        }
    }

    func testSyncthingNames() {
        assertTool(.syncthing, [
            "trips.sync-conflict-20270601-101500-ABCDEFG.json",
            "trips.sync-conflict-20270601-101500-Z234567.json",
            // A version with no author (ShortID 0) leaves the device part empty.
            "trips.sync-conflict-20270601-101500-.json",
        ])
        assertTool(.syncthing, ["trips.sync-conflict-20270601-101500-ABCDEFG"], of: "trips")
    }

    func testDropboxNames() {
        assertTool(.dropbox, [
            "trips (conflicted copy 2027-06-01).json",
            "trips (Anna's conflicted copy 2027-06-01).json",
            "trips (Mac mini's conflicted copy 2027-06-01).json",
            "trips (Åsa Öberg's conflicted copy 2027-06-01).json",
            "trips (conflicted copy 2027-06-01) (1).json",
            "trips (Anna's conflicted copy 2027-06-01) (12).json",
        ])
    }

    func testNextcloudNames() {
        assertTool(.nextcloud, [
            "trips (conflicted copy 2027-06-01 101500).json",
            "trips (conflicted copy anna 2027-06-01 101500).json",
            "trips (conflicted copy Anna Berg 2027-06-01 101500).json",
        ])
    }

    func testOneDriveNames() {
        assertTool(.oneDrive, [
            "trips-DESKTOP-ABC123.json",
            "trips-LAPTOP7.json",
            "trips-Neo.json",
            "trips-ip-172-31-41-236.json",
            "trips-onedrive-client-dev-safeBackup-0001.json",
            "trips-laptop-safeBackup-0002.json",
        ])
    }

    func testResilioNames() {
        assertTool(.resilio, ["trips.Conflict.json", "trips.Conflict1.json", "trips.Conflict 3.json"])
    }

    func testAnyDataNameAndExtension() {
        XCTAssertEqual(tool("plan.v2 (conflicted copy 2027-06-01).trip", of: "plan.v2.trip"), .dropbox)
        XCTAssertEqual(tool("plan.v2.sync-conflict-20270601-101500-ABCDEFG.trip", of: "plan.v2.trip"), .syncthing)
        XCTAssertNil(tool("plan.sync-conflict-20270601-101500-ABCDEFG.v2.trip", of: "plan.v2.trip"))
    }

    /// Decided: the extension and stem must match byte for byte, case included. The tools keep the name they
    /// were given, so `trips (…).JSON` is a copy of `trips.JSON`, another file on these file systems.
    func testCaseMustMatch() {
        assertTool(nil, [
            "trips (conflicted copy 2027-06-01).JSON",
            "Trips (conflicted copy 2027-06-01).json",
            "trips.sync-conflict-20270601-101500-ABCDEFG.Json",
            "trips.CONFLICT.json",
            "trips (CONFLICTED COPY 2027-06-01).json",
        ])
    }

    func testTheStoresOwnFilesAndOtherFilesAreNotCopies() {
        assertTool(nil, [
            "trips.json", "trips.json.bak", "trips.json.bak.1", "trips.json.bak.12", "trips.json.lock",
            "trips.json.corrupt-20270601T101500Z", ".trips.json.roadtrip-tmp-4242-0a1b2c3d", "trips.json.tmp",
            "trips.json.tmp.sync-conflict-20270601-101500-ABCDEFG", "trips-2.json.swp", ".trips.json.swp",
            "~syncthing~trips.json.tmp", ".syncthing.trips.json.tmp", "trips.json~",
            "notes (conflicted copy 2027-06-01).json", "roadtrips (conflicted copy 2027-06-01).json",
            "trips2.sync-conflict-20270601-101500-ABCDEFG.json", "old-trips-DESKTOP-ABC123.json",
            "trips (conflicted copy 2027-06-01).json.bak", "trips-DESKTOP-ABC123.json.bak",
        ])
    }

    func testNearMisses() {
        assertTool(nil, [
            // Syncthing: the date, the time and the device part each have one length.
            "trips.sync-conflict-2027061-101500-ABCDEFG.json", "trips.sync-conflict-20270601-10150-ABCDEFG.json",
            "trips.sync-conflict-20270601-101500-ABCDEF.json", "trips.sync-conflict-20270601-101500-ABCDEFGH.json",
            "trips.sync-conflict-20270601-101500-abcdefg.json", "trips.sync-conflict-20270601-101500-ABCDEF1.json",
            "trips.sync-conflict-20270601-101500.json", "trips.sync-conflict.json", "trips.sync-conflict-.json",
            // Dropbox and Nextcloud.
            "trips (1).json", "trips (2) (conflicted copy 2027-06-01).json", "trips (conflicted copy).json",
            "trips (conflicted copy 2027-6-1).json", "trips (conflicted copy 2027-06-01.json",
            "trips (Anna conflicted copy 2027-06-01).json", "trips ('s conflicted copy 2027-06-01).json",
            "trips(conflicted copy 2027-06-01).json", "trips (conflicted copy 2027-06-01)(1).json",
            "trips (conflicted copy 2027-06-01) ().json", "trips (conflicted copy 2027-06-01 10150).json",
            "trips (conflicted copy 2027-06-01 1015000).json", "trips (conflicted copy (anna) 2027-06-01 101500).json",
            "trips (copy).json", "trips copy.json", "trips - Copy.json",
            // OneDrive: a word someone adds, a number, or not a machine's name.
            "trips-old.json", "trips-backup.json", "trips-copy.json", "trips-2.json", "trips-2027-06-01.json",
            "trips-.json", "trips--DESKTOP.json", "trips-DESKTOP-.json", "trips-DESK TOP.json", "trips_DESKTOP.json",
            "trips-DESKTOP.ABC.json", "trips-host-safeBackup-.json", "trips--safeBackup-0001.json",
            // Resilio.
            "trips.Conflictx.json", "trips.Conflict .json", "trips.conflict.json", "trips.Conflict.1.json",
        ])
    }

    /// Newlines, control characters, very long names and repaired bytes are refused without trapping.
    func testHostileNamesNeverMatchOrTrap() {
        let long = String(repeating: "x", count: 100_000)
        let nines = String(repeating: "9", count: 40)
        assertTool(nil, [
            "", ".", "..", "/", "trips", ".json", "json", "\0", "trips.json\0",
            "trips (Anna\n's conflicted copy 2027-06-01).json", "trips (An\u{7}na's conflicted copy 2027-06-01).json",
            "trips (conflicted copy an\u{85}na 2027-06-01 101500).json",
            "trips (\u{FFFD}'s conflicted copy 2027-06-01).json",
            "trips.sync-conflict-20270601-101500-ABC\nDEF.json", "trips\n.sync-conflict-20270601-101500-ABCDEFG.json",
            "trips-DESK\tTOP.json", "trips-\(long).json", "trips-\(long.uppercased()).json",
            "trips.sync-conflict-\(String(repeating: "9", count: 10_000)).json",
            "trips (conflicted copy 2027-06-01) (\(nines)).json", "trips.Conflict\(nines).json",
        ])
        assertTool(nil, ["trips.sync-conflict-20270601-101500-ABCDEFG.json"], of: "")
        assertTool(nil, ["", ".json"], of: ".json")
        // Still names a tool could write: Dropbox does not shorten a user's name, and a counter too long to be
        // a safeBackup number leaves a name OneDrive's Windows client could have written.
        XCTAssertEqual(tool("trips (\(long)'s conflicted copy 2027-06-01).json"), .dropbox)
        XCTAssertEqual(tool("trips (Ann\u{301}a's conflicted copy 2027-06-01).json"), .dropbox)
        XCTAssertEqual(tool("trips-host-safeBackup-\(nines).json"), .oneDrive)
    }
}
