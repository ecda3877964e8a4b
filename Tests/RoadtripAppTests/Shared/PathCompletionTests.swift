import Foundation
@testable import RoadtripApp
import TerminalUI
import XCTest

/// Tab in the path prompts, on a real folder: as far as the names agree, folders with a `/`, hidden names only when
/// asked for, any script and spaces as they are.
final class PathCompletionTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-complete-\(UUID().uuidString)").path
        let files = FileManager.default
        try files.createDirectory(atPath: folder + "/Lofoten trip", withIntermediateDirectories: true)
        for name in ["loop.gpx", "loop.kml", "Ålesund.gpx", "東京 🚗.kml", ".hidden.gpx", "Lofoten trip/a.gpx"] {
            XCTAssertTrue(files.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        try files.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: folder + "/Lofoten trip")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func complete(_ typed: String) -> TextCompletion { PathCompletion.complete(folder + typed) }

    func testOneMatchIsCompletedWholeAFolderWithASlash() {
        XCTAssertEqual(complete("/Åle"), TextCompletion(text: folder + "/Ålesund.gpx", choices: ["Ålesund.gpx"]))
        XCTAssertEqual(complete("/東").text, folder + "/東京 🚗.kml")
        XCTAssertEqual(complete("/Lof").text, folder + "/Lofoten trip/", "a space needs no quoting")
        XCTAssertEqual(complete("/lin").text, folder + "/linked/", "a link to a folder is a folder")
        XCTAssertEqual(complete("/Lofoten trip/").text, folder + "/Lofoten trip/a.gpx", "inside a folder with a space")
    }

    func testSeveralMatchesCompleteAsFarAsTheyAgreeThenList() {
        XCTAssertEqual(complete("/lo"), TextCompletion(text: folder + "/loop.", choices: ["loop.gpx", "loop.kml"]))
        XCTAssertEqual(complete("/loop."), TextCompletion(text: folder + "/loop.", choices: ["loop.gpx", "loop.kml"]),
                       "nothing more to add: the choices are there to list")
        XCTAssertEqual(complete("/L").choices, ["Lofoten trip/"], "case counts, as in a shell")
    }

    func testHiddenNamesOnlyWhenTheTypedNameStartsWithADot() {
        XCTAssertEqual(complete("/").choices, ["Lofoten trip/", "linked/", "loop.gpx", "loop.kml", "Ålesund.gpx", "東京 🚗.kml"])
        XCTAssertEqual(complete("/.").text, folder + "/.hidden.gpx")
    }

    func testNothingToCompleteSaysWhyAndKeepsTheText() {
        XCTAssertEqual(complete("/zz"), TextCompletion(text: folder + "/zz", choices: [], note: "Nothing here starts with zz"))
        XCTAssertEqual(complete("/nope/x"),
                       TextCompletion(text: folder + "/nope/x", choices: [], note: "The folder \(folder!)/nope does not exist"))
        XCTAssertEqual(complete("/loop.gpx/x"),
                       TextCompletion(text: folder + "/loop.gpx/x", choices: [], note: "\(folder!)/loop.gpx is not a folder"))
    }

    /// The folder is read as the prompt reads the path (`~`, a restart after `//`); the text typed before the name stays.
    func testTheFolderIsReadAsThePromptReadsAPath() throws {
        XCTAssertEqual(PathCompletion.complete("/somewhere/else/" + folder + "/Åle").text,
                       "/somewhere/else/" + folder + "/Ålesund.gpx", "a `//` restarts")
        XCTAssertEqual(PathCompletion.complete("~").text, "~/")
        XCTAssertEqual(PathCompletion.complete("a/").note, "The folder a does not exist", "relative to the working folder")
        XCTAssertEqual(PathCompletion.complete("z").text, "z", "a bare name: the working folder, as Enter reads it")
        XCTAssertEqual(PathCompletion.complete(folder + "/Lofoten trip/..").text, folder + "/Lofoten trip/../")
        let home = NSHomeDirectory()
        let visible = try FileManager.default.contentsOfDirectory(atPath: home).filter { !$0.hasPrefix(".") }.sorted()
        let listed = PathCompletion.complete("~/").choices.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        XCTAssertEqual(listed, visible, "~/ is the home folder")
    }
}
