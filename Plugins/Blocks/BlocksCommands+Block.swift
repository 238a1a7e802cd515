import BlocksDomain
import BlocksPresentation
import FoundationEssentials
import StrataPluginKit

extension BlocksCommands {
    var blockCommands: [PluginCommand] {
        [
            command(["blocks", "list"], "List blocks, newest first", usage: "strata blocks list [--json]",
                    flags: ["--json"]) { arguments, invocation in
                try noPositionals(arguments)
                let blocks = try context.service((any BlockFetchUseCase).self).fetchAll()
                if arguments.has("--json") {
                    try invocation.writeJSON(blocks.map(BlocksJSON.BlockItem.init))
                } else {
                    invocation.write(BlocksTextFormatter.blocks(blocks))
                }
            },
            command(["blocks", "add"], "Add a block: the day in N-hour blocks from midnight",
                    usage: "strata blocks add TITLE --hours 3|4|6|8|12 [--now] [--json]",
                    options: ["--hours"], flags: ["--now", "--json"]) { arguments, invocation in
                let draft = BlockDraft(title: try text(arguments, "TITLE"), hours: try integer(arguments, "--hours"))
                let block = try context.service((any BlockCreateUseCase).self).execute(draft)
                try reportAdded(.block, id: block.id, json: arguments.has("--json"), now: arguments.has("--now"),
                                invocation: invocation, item: BlocksJSON.BlockItem(block),
                                text: "Added block \"\(block.title)\" (\(ShortID.text(block.id))): \(block.length.hours)-hour blocks.")
            },
            command(["blocks", "show"], "Show one block", usage: "strata blocks show ID|TITLE [--json]",
                    flags: ["--json"]) { arguments, invocation in
                let block = try findBlock(try text(arguments, "ID"))
                if arguments.has("--json") {
                    try invocation.writeJSON(BlocksJSON.BlockItem(block))
                } else {
                    invocation.write(BlocksTextFormatter.block(block))
                }
            },
            command(["blocks", "edit"], "Change a block's title or length",
                    usage: "strata blocks edit ID|TITLE [--title TITLE] [--hours N] [--json]",
                    options: ["--title", "--hours"], flags: ["--json"]) { arguments, invocation in
                let block = try findBlock(try text(arguments, "ID"))
                guard arguments.value("--title") != nil || arguments.value("--hours") != nil else {
                    throw CommandError.usage("nothing to change: give --title or --hours")
                }
                let draft = BlockDraft(title: arguments.value("--title") ?? block.title,
                                       hours: try integer(arguments, "--hours") ?? block.length.hours)
                let edited = try context.service((any BlockEditUseCase).self).execute(id: block.id, draft)
                if arguments.has("--json") {
                    try invocation.writeJSON(BlocksJSON.BlockItem(edited))
                } else {
                    invocation.writeLine("Saved block \"\(edited.title)\": \(edited.length.hours)-hour blocks.")
                }
            },
            command(["blocks", "delete"], "Delete a block", usage: "strata blocks delete ID|TITLE") { arguments, invocation in
                let block = try findBlock(try text(arguments, "ID"))
                try context.service((any BlockDeleteUseCase).self).execute(id: block.id)
                invocation.writeLine("Deleted block \"\(block.title)\".")
            },
            command(["blocks", "start"], "Start a block; `strata clock` shows it",
                    usage: "strata blocks start ID|TITLE [--json]", flags: ["--json"]) { arguments, invocation in
                let block = try findBlock(try text(arguments, "ID"))
                try start(.block, id: block.id, json: arguments.has("--json"), invocation: invocation)
            },
        ]
    }

    func findBlock(_ reference: String) throws -> Block {
        let blocks = try context.service((any BlockFetchUseCase).self).fetchAll()
        return try ItemLookup.find(reference, in: blocks, kind: .block, title: \.title)
    }

    /// The output of every `add`: the item (JSON, or a line of text), and with `--now` the item is started
    /// (its clock printed in text mode); without it, text mode hints how to start it.
    func reportAdded(_ kind: ModeKind, id: UUID, json: Bool, now: Bool, invocation: CommandInvocation,
                     item: some Encodable, text: String) throws {
        let state = now ? try context.service((any ModeStartUseCase).self).execute(kind, id: id) : nil
        if json {
            try invocation.writeJSON(item)
            return
        }
        invocation.writeLine(text)
        if let state {
            invocation.writeLine("Started \(kind.rawValue) \"\(state.title)\".")
            try printClock(state, json: false, to: invocation)
        } else {
            startHint(kind, id: id, invocation: invocation)
        }
    }
}
