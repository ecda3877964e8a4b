import CTerminalGuard
import Glibc
@testable import TerminalUI
import XCTest

/// The crash guard's state must be the process's, whichever object file calls it. It used to be a static local of
/// inline C functions, one copy per calling file: a release build inlined the saving of the terminal modes into
/// CursesTerminal's file, and the handler (in CrashGuard's) restored modes it never had (a crash left the terminal
/// raw). Here TerminalUI installs the guard and this file, another object, removes it.
final class CrashGuardTests: XCTestCase {
    func testWhatOneFileInstallsAnotherRemoves() {
        XCTAssertTrue(isDefault(SIGUSR2), "nothing handles SIGUSR2 before")
        CrashGuard.install(mouseEnabled: false)
        defer { CrashGuard.remove() }
        XCTAssertFalse(isDefault(SIGUSR2), "the guard handles SIGUSR2")

        rt_guard_remove()
        XCTAssertTrue(isDefault(SIGUSR2), "removed through another file's call: the same guard")
    }

    private func isDefault(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0 else { return false }
        return current.sa_flags & SA_SIGINFO == 0 && current.__sigaction_handler.sa_handler == nil
    }
}
