import Foundation

FileHandle.standardOutput.write(Data("Hello, world! \(ProcessInfo.processInfo.processIdentifier)\n".utf8))
