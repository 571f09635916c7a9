// The shapes of the server's JSON that the pages read, as JSDoc types for `tsc --noEmit`
// (browser-tests/tsconfig.json). Nothing runs here: the modules name these types with
// `import('./types.js').Name`. docs/web.md lists the routes that send them.

/**
 * One square of a board (src/view.rs `Cell`).
 * @typedef {object} Cell
 * @property {string} sq The square's name: `a1` … `p16`.
 * @property {string | null} piece The piece letter on it, as in position text.
 * @property {number | null} owner The piece's owner, 1 or 2.
 * @property {string | null} mark The square's own mark where squares differ (Parity's `R`, `U` …).
 */

/**
 * A count of one piece letter in a reserve.
 * @typedef {object} ReserveEntry
 * @property {string} letter
 * @property {number} count
 */

/**
 * A position drawn for the browser (src/view.rs `View`).
 * @typedef {object} View
 * @property {number} width Files of the board.
 * @property {number} height Ranks of the board.
 * @property {Cell[]} cells Every square, from a1 along rank 1, then rank 2, …
 * @property {[ReserveEntry[], ReserveEntry[]] | null} reserves Player 1's and Player 2's, in games with drops.
 * @property {number} to_move The player to move, 1 or 2.
 * @property {string | null} open_colour The mark of the squares open now, where squares open and close.
 * @property {number} piece_count The pieces on the board.
 * @property {string[]} status The game's own status lines.
 * @property {string} position The position in its one-line text form.
 */

/**
 * A move as the squares it names (src/legal.rs `MoveShape`): the page never reads move text.
 * @typedef {object} MoveShape
 * @property {string} text The move's text: what is sent to play it.
 * @property {string | null} from The square the piece leaves; null for a drop.
 * @property {string[]} path The squares it lands on in turn; for a drop, the square dropped on.
 * @property {string | null} drop The reserve letter of a drop, uppercase; null otherwise.
 */

/**
 * A finished game's result.
 * @typedef {object} GameResult
 * @property {string} score `1-0`, `0-1` or `1/2-1/2`.
 * @property {string} text How it ended, in words.
 */

/**
 * The clocks of a timed game.
 * @typedef {object} Clock
 * @property {string} control The time control, `5m+3s`.
 * @property {Record<number, number>} left Each seat's time left in ms, when the state was made.
 * @property {number | null} running The seat whose clock runs.
 * @property {boolean} [per_move] Correspondence: each move has the whole time again.
 */

/**
 * The state of a game, the same for every client (src/hub/state.rs `state_of`).
 * @typedef {object} GameState
 * @property {string} id
 * @property {string} game The game's key in the catalog.
 * @property {'bot' | 'friend' | 'local'} mode
 * @property {Record<string, string> | null} rules The rule options set.
 * @property {number | null} bot_seat
 * @property {number | null} bot_level
 * @property {number} ply The moves played.
 * @property {number} first The seat that moved first.
 * @property {string | null} restriction Why some pieces cannot move now, in words.
 * @property {string[]} moves The moves played, as text.
 * @property {MoveShape[]} played_moves The same moves as structures.
 * @property {(number | null)[]} [move_ms] How long each move took, in ms (null where unknown: the first move).
 * @property {Record<number, { letter: string, count: number }[]>} [captured] The opponent's pieces each seat has captured.
 * @property {Record<string, string>} [warnings] The legal moves after which the opponent could win at once, with how, in words.
 * @property {string[]} legal The legal moves, as text (none once the game is over).
 * @property {MoveShape[]} legal_moves The same moves as structures.
 * @property {View} view The board now.
 * @property {GameResult | null} result
 * @property {Record<number, string>} names Each seat's side in the game's words.
 * @property {Record<number, string>} seats Who sits in each seat, in words.
 * @property {{ draw: number | null, takeback: number | null }} offers The seat waiting for an answer.
 * @property {number} version Grows with every change: the page keeps the newest state.
 * @property {Clock | null} clock
 * @property {string | null} rematch The rematch's id once asked for.
 * @property {Record<number, string | null>} [players] The account playing each seat, by name (null: played by link or by a bot).
 * @property {boolean} [rated] Whether the game counts for ratings.
 * @property {GameEvent[]} [events] What the change that made this state did (none for a game just loaded).
 */

/**
 * One thing that happened to a game, as the server tells it with the state it led to.
 * @typedef {{ kind: 'moved', seat: number, ply: number, text: string }
 *   | { kind: 'ended', score: string, text: string }
 *   | { kind: 'draw_offered', by: number }
 *   | { kind: 'takeback_asked', by: number }
 *   | { kind: 'offers_withdrawn' }
 *   | { kind: 'taken_back', ply: number }
 *   | { kind: 'rematch_made', id: string }} GameEvent
 */

/**
 * A kind of square on a board (Parity's red, blue …).
 * @typedef {object} MarkKind
 * @property {string} mark
 * @property {string} name
 * @property {string} fill A CSS colour.
 * @property {boolean} opens Whether such squares open and close.
 */

/**
 * A kind of piece, as the catalog describes it.
 * @typedef {object} PieceKind
 * @property {[string, string]} letters Player 1's and Player 2's letters.
 * @property {string} name
 * @property {string | null} glyph
 * @property {string} moves How it moves, in words.
 * @property {string | null} note
 * @property {[number, number][]} steps Where it steps, as (files, ranks).
 * @property {[number, number][]} slides Where it slides, as (files, ranks).
 */

/**
 * How a game is drawn (the catalog's `look`).
 * @typedef {object} Look
 * @property {Record<number, string>} sides
 * @property {'glyph' | 'wedge' | 'stone'} tokens
 * @property {{ light: string, dark: string, frame: string, coordinates: string, grid: string | null, marks: MarkKind[] }} board
 * @property {PieceKind[]} pieces
 * @property {string[]} sample The letters a card shows.
 */

/**
 * A lesson of the rules page: a position and the moves it is about.
 * @typedef {object} Lesson
 * @property {string} title
 * @property {string} text
 * @property {View} view
 * @property {string[]} moves
 * @property {MoveShape[]} move_shapes The same moves as structures.
 */

/**
 * A game's card in the catalog (src/catalog.rs).
 * @typedef {object} Card
 * @property {string} id The key a new game names.
 * @property {'built-in' | 'file' | 'pasted'} source
 * @property {string | null} board The default board layout, for games whose board is data.
 * @property {string} title
 * @property {string} description
 * @property {Look} look
 * @property {View} start_view
 * @property {Lesson[]} lessons
 * @property {string} size `8x8`.
 * @property {{ name: string, default: string, help: string }[]} options The rule options.
 * @property {boolean} first_drawn Whether the first player is drawn.
 * @property {{ level: number, label: string, description: string }[]} levels The bot's levels.
 * @property {number} default_level
 * @property {Record<number, string>} names
 * @property {{ score: number, interval: [number, number], games: number } | null} first_player How the first player scores in self-play (`boardlab analyze`), where measured.
 */

/**
 * The analysis of a position (`GET /api/games/{id}/analysis/{ply}`).
 * @typedef {object} Analysis
 * @property {string} score For the side to move: `cp 35`, `win 7`, `loss 4`.
 * @property {number} bar Player 1's share of the evaluation bar, 0 to 1.
 * @property {string} text
 * @property {number} depth
 * @property {string[]} line The best line, as move text.
 * @property {string | null} exact The exact value for the side to move (`win 23`), where known.
 * @property {string | null} [exact_text] The exact value in words, naming the winner, where known.
 */

/**
 * A new game (`POST /api/games`).
 * @typedef {object} Created
 * @property {string} id
 * @property {number} seat
 * @property {Record<number, string>} tokens
 * @property {{ play: string, invite: string | null, watch: string }} links
 */

export {};

/**
 * A seeker's rating as the lobby shows it.
 * @typedef {object} SeekerRating
 * @property {string} name The seeker's account name.
 * @property {number | null} rating Their rating at the seek's game, rounded (null for a bot).
 * @property {number | null} deviation Its deviation, rounded (null for a bot).
 * @property {boolean} provisional Whether the rating is still provisional (deviation 110 or more).
 */

/**
 * An open seek of the lobby (`GET /api/seeks`).
 * @typedef {object} Seek
 * @property {string} id
 * @property {string} game The game's key.
 * @property {string | null} title The game's title, for a listed game.
 * @property {boolean} rated
 * @property {string | null} clock The time control, or null for no clock.
 * @property {Record<string, string>} rules Rule options.
 * @property {string} side The seeker's seat: `1`, `2` or `random`.
 * @property {SeekerRating} seeker
 * @property {number | null} created_ms When it was made (null for a bot's, always there).
 * @property {boolean} mine Whether the asker made it.
 * @property {{ level: number, description: string | null }} [bot] A bot's seek: its level.
 */

/**
 * A rating at one game (`GET /api/players/{name}`).
 * @typedef {object} GameRating
 * @property {number} rating
 * @property {number} deviation
 * @property {number} volatility
 * @property {number} games Rated games played.
 * @property {boolean} provisional
 */

/**
 * A point of a rating's history: after one rated game.
 * @typedef {object} RatingPoint
 * @property {string} game_id
 * @property {number} at_ms
 * @property {number} before
 * @property {number} rating
 * @property {number} deviation
 */

/**
 * A game of a player's profile.
 * @typedef {object} PlayedGame
 * @property {string} id
 * @property {string} game
 * @property {string} mode
 * @property {number} seat The player's seat.
 * @property {{ name?: string, bot?: number } | null} opponent
 * @property {boolean} rated
 * @property {'win' | 'loss' | 'draw' | 'playing'} result The player's result.
 * @property {boolean} your_turn Whether the game goes on with the player to move.
 * @property {string | null} clock Its time control (`5m+3s`, `3d`), if it has clocks.
 * @property {number} created Seconds since 1970.
 */

/**
 * A player's profile.
 * @typedef {object} Profile
 * @property {string} name
 * @property {number} created_ms
 * @property {Record<string, GameRating>} ratings Per game key.
 * @property {Record<string, RatingPoint[]>} history Per game key, oldest first.
 * @property {PlayedGame[]} games Newest first.
 */

/**
 * A puzzle (`GET /api/puzzles/next`): never its solution.
 * @typedef {object} Puzzle
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {string} position
 * @property {number} to_move The side to move: the solver.
 * @property {string} theme `win in N`.
 * @property {number} win_in_plies
 * @property {number} rating The puzzle's rating.
 * @property {number} attempts
 * @property {number} solved
 * @property {View} view
 * @property {MoveShape[]} legal_moves
 * @property {string[]} legal
 */

/**
 * The answer to a puzzle (`POST /api/puzzles/{id}/answer`).
 * @typedef {object} PuzzleAnswer
 * @property {string} id
 * @property {boolean} correct
 * @property {string} solution
 * @property {string} theme
 * @property {number} puzzle_rating
 * @property {GameRating | null} rating The player's puzzle rating after a first answer, signed in.
 * @property {number | null} change Its change.
 */
