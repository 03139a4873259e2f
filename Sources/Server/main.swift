import Foundation

// Everything reusable lives in other files so tests can `@testable import Server`.
exit(ServerCommand.run(arguments: Array(CommandLine.arguments.dropFirst()),
                       environment: ProcessInfo.processInfo.environment,
                       log: StandardError.write))
