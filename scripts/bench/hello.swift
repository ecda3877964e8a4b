// `make bench`'s reference process for `ui.version`: the smallest Foundation program, linked the default way
// (dynamically), as the issue measures "a Foundation hello".
import Foundation

print("hello \(ProcessInfo.processInfo.processIdentifier > 0)")
