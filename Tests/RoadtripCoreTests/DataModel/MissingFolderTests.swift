import Foundation
@testable import RoadtripCore
import XCTest

/// A path whose file is not there: the folder that is missing (the first on the way), a file standing where a folder
/// should be, or nothing wrong with the folders at all.
final class MissingFolderTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-folder-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/file.gpx", contents: Data()))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testTheFirstMissingFolderOnTheWayIsNamed() {
        XCTAssertEqual(MissingFolder.of(folder + "/nope/x.kml"), .missing(folder + "/nope"))
        XCTAssertEqual(MissingFolder.of(folder + "/nope/deeper/x.kml"), .missing(folder + "/nope"))
        XCTAssertEqual(MissingFolder.of(folder + "/nope/x.kml")?.description, "the folder \(folder!)/nope does not exist")
    }

    func testAFileWhereAFolderShouldBeIsNamed() {
        XCTAssertEqual(MissingFolder.of(folder + "/file.gpx/x.kml"), .notAFolder(folder + "/file.gpx"))
        XCTAssertEqual(MissingFolder.of(folder + "/file.gpx/a/b/x.kml"), .notAFolder(folder + "/file.gpx"))
        XCTAssertEqual(MissingFolder.of(folder + "/file.gpx/x.kml")?.description, "\(folder!)/file.gpx is not a folder")
    }

    func testAFolderThatIsThereIsNoProblem() {
        XCTAssertNil(MissingFolder.of(folder + "/new.kml"))
        XCTAssertNil(MissingFolder.of(folder + "/file.gpx"))
        XCTAssertNil(MissingFolder.of("relative.kml"), "the working folder")
        XCTAssertNil(MissingFolder.of("/"))
        XCTAssertNil(MissingFolder.of(folder: "."), "one character (NSString's path methods crash on it)")
        XCTAssertEqual(MissingFolder.of(folder: "a"), .missing("a"), "a relative folder, as Tab meets it")
        XCTAssertEqual(MissingFolder.of(folder: folder + "/file.gpx/"), .notAFolder(folder + "/file.gpx"), "the folder itself")
        XCTAssertNil(MissingFolder.of(folder: folder + "/"))
    }
}
