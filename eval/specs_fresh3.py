"""Third held-out fresh suite of agentgrep's multi-language suite (eval/cases-fresh3.json).

Written in session 8 for issue 19 ("Generalisation is the measure"), on two trees the project had
never been measured on: `twisted` (Twisted 22.4.0, a large Python networking framework with its
test folders) and `swift` (Swift, a language no suite covered: the iOS halves of three React Native
libraries). Each case was written BEFORE agentgrep's find or trace ran on these trees: the question
first, as an agent that does not know the names would ask it (a topic in plain words, seldom a word
of the answer's path), then the answer read in the code with rg and sed, with a note saying why it is
right and which tempting files are wrong. A held-out set for judging find/trace changes: never tune
against its cases one by one.

Same schema and rules as specs.py; build with
    python3 eval/build_cases.py --specs specs_fresh3
Corpora: twisted, swift (eval/setup.sh).
"""

SUITE = "langs-fresh3"
OUT = "cases-fresh3.json"

# find: (id, corpus, query, acceptable files, difficulty, note)
# trace: (id, corpus, args, {path: [(start, end, anchor)]}, difficulty, note)

FIND = [
    # ------------------------------------------------------------------ twisted (Twisted 22.4.0, twisted/)
    ("fresh3-find-twisted-delayed-call", "twisted", "schedule a function to run after some seconds and allow cancelling or postponing it",
     ["twisted/internet/base.py"], "hard",
     "DelayedCall (76) with cancel/reset/delay, and ReactorBase.callLater (862) which makes one. Tempting: "
     "internet/task.py (Clock, a fake clock for tests, and LoopingCall), internet/interfaces.py (IDelayedCall, only "
     "the interface), asyncioreactor.py and _glibbase.py (callLater wrappers)"),
    ("fresh3-find-twisted-deferred-chain", "twisted", "attach success and failure handlers to a result that is not available yet and run them in order",
     ["twisted/internet/defer.py"], "hard",
     "Deferred: addCallbacks/addErrback and _runCallbacks run the chain of callbacks and errbacks. Tempting: "
     "python/failure.py (the failure object passed to errbacks), internet/task.py, trial's test helpers"),
    ("fresh3-find-twisted-line-buffer", "twisted", "buffer received bytes and hand over complete lines one at a time with a maximum length",
     ["twisted/protocols/basic.py"], "hard",
     "LineOnlyReceiver (406) and LineReceiver (487): dataReceived splits on the delimiter, MAX_LENGTH and "
     "lineLengthExceeded. Tempting: words/protocols/irc.py, mail/smtp.py, conch/recvline.py (users of it), "
     "protocols/policies.py"),
    ("fresh3-find-twisted-reconnect", "twisted", "reconnect automatically with growing delays after a client connection fails",
     ["twisted/internet/protocol.py", "twisted/application/internet.py"], "hard",
     "ReconnectingClientFactory (protocol.py:336, retry with factor/jitter/maxDelay) and ClientService with "
     "backoffPolicy (application/internet.py:508/1072): both accepted. Tempting: runner/procmon.py (restarts "
     "processes, not connections), names/root.py (DNS timeouts)"),
    ("fresh3-find-twisted-known-hosts", "twisted", "check the server public key against keys remembered from earlier ssh connections and ask the user when it is new",
     ["twisted/conch/client/knownhosts.py"], "hard",
     "KnownHostsFile (332).verifyHostKey (434) looks the key up, raises on a mismatch, and asks through the ui "
     "before adding a new key. Tempting: conch/ssh/transport.py (calls verifyHostKey), conch/client/default.py "
     "(the wrapper that builds a KnownHostsFile), conch/endpoints.py, conch/ssh/keys.py"),
    ("fresh3-find-twisted-chunked-decode", "twisted", "decode an http body sent in pieces each prefixed with its hexadecimal length",
     ["twisted/web/http.py"], "hard",
     "_ChunkedTransferDecoder (1863), with fromChunk/toChunk (439/402). Tempting: web/_newclient.py (the client "
     "uses the same decoder class), web/client.py, web/server.py"),
    ("fresh3-find-twisted-static-files", "twisted", "serve files from a folder and guess the content type from the file extension",
     ["twisted/web/static.py"], "hard",
     "File (168) serves a directory; getTypeAndEncoding (156) and loadMimeTypes (119) map extensions to types. "
     "Tempting: web/resource.py (the Resource base), web/server.py, python/filepath.py"),
    ("fresh3-find-twisted-blocking-off-loop", "twisted", "run a blocking function elsewhere so the event loop is not blocked and get its result back",
     ["twisted/internet/threads.py", "twisted/python/threadpool.py"], "hard",
     "deferToThread/deferToThreadPool (threads.py:53/17) and ThreadPool.callInThreadWithCallback "
     "(threadpool.py:208). Tempting: internet/base.py (callFromThread), _threads/ (the lower-level worker "
     "team), enterprise/adbapi.py (a user of the thread pool)"),
    ("fresh3-find-twisted-child-program", "twisted", "start a child program with pipes for its standard input and output and report when it exits",
     ["twisted/internet/process.py", "twisted/internet/_baseprocess.py"], "hard",
     "Process (process.py:599) forks with pipes (ProcessWriter/ProcessReader) and _BaseProcess reaps it; "
     "_baseprocess.BaseProcess.processEnded reports the exit. Tempting: internet/posixbase.py (spawnProcess "
     "only builds a Process), internet/utils.py (getProcessOutput, a caller), runner/procmon.py"),
    ("fresh3-find-twisted-password-file", "twisted", "verify a username and password against a file of accounts",
     ["twisted/cred/checkers.py"], "hard",
     "FilePasswordDB (150) reads 'user:password' lines and checks credentials (requestAvatarId). Tempting: "
     "cred/credentials.py (the credential objects), cred/portal.py, conch/checkers.py (SSH keys and UNIX "
     "passwords), plugins/cred_file.py (the command-line plugin wrapping FilePasswordDB)"),
    ("fresh3-find-twisted-json-log", "twisted", "write log events to a file one json object per line and read them back",
     ["twisted/logger/_json.py"], "medium",
     "jsonFileLogObserver (163) and eventsFromJSONLogFile (190). 'json' is in the path. Tempting: "
     "logger/_file.py (the plain text file observer), logger/_flatten.py, python/log.py (legacy logging)"),
    ("fresh3-find-twisted-smtp-client", "twisted", "send an email to a mail server speaking the mail transfer protocol with the sender and recipient commands",
     ["twisted/mail/smtp.py"], "medium",
     "SMTPClient (923) sends MAIL FROM / RCPT TO / DATA; ESMTPClient and sendmail() build on it. 'mail' is in the "
     "path. Tempting: mail/relay.py and mail/relaymanager.py (queueing callers), mail/pop3.py, mail/imap4.py"),

    # ------------------------------------------------------------------ swift (vision-camera, expo-modules-core, stripe ios/)
    ("fresh3-find-swift-orientation-from-motion", "swift", "work out which way the phone is held from the motion sensor",
     ["vision-camera/Core/Extensions/CMAccelerometerData+deviceOrientation.swift", "vision-camera/Core/OrientationManager.swift"], "hard",
     "CMAccelerometerData.deviceOrientation compares the x/y/z acceleration (flat gives nil); OrientationManager "
     "(29) starts the accelerometer updates (160) and applies it. Tempting: Core/Types/Orientation.swift (the enum), "
     "AVCaptureConnection+orientation.swift, UIApplication+interfaceOrientation.swift"),
    ("fresh3-find-swift-gps-in-photo", "swift", "add the gps position to a captured photo",
     ["vision-camera/Core/MetadataProvider.swift", "vision-camera/Core/Extensions/CLLocation+toEXIF.swift"], "hard",
     "MetadataProvider.replacementMetadata (26) puts location.toEXIF(...) into kCGImagePropertyGPSDictionary; "
     "CLLocation.toEXIF (15) builds the GPS dictionary. Tempting: LocationProvider.swift (only tracks the location), "
     "CameraSession+Location.swift (configures the location output), PhotoCaptureDelegate.swift"),
    ("fresh3-find-swift-fps-measure", "swift", "measure how many frames per second the camera actually delivers and report the average",
     ["vision-camera/React/FpsSampleCollector.swift"], "hard",
     "FpsSampleCollector (10): onTick records timestamps, a 1 s timer reports averageFps to the delegate. The path "
     "says 'Fps', never 'frames per second'. Tempting: CameraView.swift (receives onAverageFpsChanged), "
     "AVFrameRateRange+includes.swift, CameraSession+Configuration.swift (sets the frame rate)"),
    ("fresh3-find-swift-recording-timeline", "swift", "keep track of pauses and resumes while recording so audio and video stay in sync",
     ["vision-camera/Core/Recording/TrackTimeline.swift", "vision-camera/Core/RecordingSession.swift", "vision-camera/Core/Recording/Track.swift"], "hard",
     "TrackTimeline holds the start/pause/resume/stop events and decides which sample timestamps fall inside; "
     "RecordingSession.pause/resume (205/219) and Track apply it. Tempting: CameraSession+Video.swift (starts "
     "the recording), CameraView+RecordVideo.swift, Types/RecordVideoOptions.swift"),
    ("fresh3-find-swift-shared-object-ids", "swift", "keep native objects alive under a numeric id so javascript code can refer to them",
     ["expo-modules-core/SharedObjects/SharedObjectRegistry.swift"], "hard",
     "SharedObjectRegistry (22): nextId, pairs of native and JS objects, add/get/toNativeObject. Tempting: "
     "SharedObject.swift (the base class), DynamicTypes/DynamicSharedObjectType.swift (a user that looks ids up), "
     "Classes/ClassComponent.swift, the Kotlin side (not in this tree)"),
    ("fresh3-find-swift-app-lifecycle-fanout", "swift", "forward application lifecycle events such as becoming active or receiving a push token to every registered subscriber",
     ["expo-modules-core/AppDelegates/ExpoAppDelegate.swift"], "hard",
     "ExpoAppDelegate (14) implements each UIApplicationDelegate method and calls it on every subscriber "
     "(applicationDidBecomeActive 51, didRegisterForRemoteNotificationsWithDeviceToken 106). Tempting: "
     "ExpoAppDelegateSubscriber.swift (the protocol only), ReactDelegates/ExpoReactDelegate.swift"),
    ("fresh3-find-swift-record-from-dict", "swift", "build a native struct from a javascript dictionary using only the properties marked as fields",
     ["expo-modules-core/Records/Record.swift"], "hard",
     "Record's default init(from:appContext:) walks fieldsOf(self) and sets each @Field from the dictionary, "
     "toDictionary goes back. Tempting: Records/Field.swift (the property wrapper), Records/AnyField.swift, "
     "DynamicTypes/DynamicConvertibleType.swift, Arguments/Convertible.swift (the protocol)"),
    ("fresh3-find-swift-persistent-log", "swift", "append log lines to a file that survives app restarts and purge the entries that do not match a filter",
     ["expo-modules-core/Logging/PersistentFileLog.swift"], "medium",
     "PersistentFileLog: appendEntry (56), readEntries (44), purgeEntriesNotMatchingFilter (67). 'log' is in the "
     "path. Tempting: Logging/Logger.swift and LogHandlers.swift (console logging), vision-camera's VisionLogger.swift"),
    ("fresh3-find-swift-client-secret-format", "swift", "check that a payment client secret string has the expected format before using it",
     ["stripe/Errors.swift"], "hard",
     "Errors.isPIClientSecretValid / isSetiClientSecretValid / isEKClientSecretValid (22/28/34) with their "
     "regular expressions. Tempting: StripeSdkImpl+PaymentSheet.swift (calls it), StripeSdkImpl.swift"),
    ("fresh3-find-swift-sdk-objects-to-js", "swift", "convert the payment sdk's native objects such as cards and bank accounts into dictionaries for javascript",
     ["stripe/Mappers.swift"], "hard",
     "Mappers: mapFromBankAccount (64), mapFromCard (84), mapFromAddress (103) and ~70 more. Tempting: "
     "PaymentMethodFactory.swift (the other direction: params from JS), Errors.swift (error dictionaries), "
     "StripeSdkImpl.swift (calls the mappers)"),
]

TRACE = [
    ("fresh3-trace-twisted-defined-calllater", "twisted", ["subject:callLater", "relation:defined"],
     {"twisted/internet/base.py": [(862, 862, "def callLater(")],
      "twisted/internet/task.py": [(789, 789, "def callLater(")]},
     "medium", "ReactorBase.callLater (862) is the reactors' implementation; task.Clock.callLater (789) is the "
               "deterministic clock's, also a definition. The test files' many callLater calls are uses; "
               "interfaces.py declares it only"),
    ("fresh3-trace-twisted-comes-ssh-auth-sock", "twisted", ["subject:SSH_AUTH_SOCK", "relation:comes_from"],
     {"twisted/conch/client/default.py": [(162, 167, 'os.environ["SSH_AUTH_SOCK"]')],
      "twisted/conch/client/agent.py": [(45, 45, 'os.environ["SSH_AUTH_SOCK"]')]},
     "medium", "SSHUserAuthClient.serviceStarted reads the agent socket from the environment (162-167); "
               "SSHAgentForwardingChannel.channelOpen (45) too. conch.py:232 is a commented-out line"),
    ("fresh3-trace-twisted-called-linereceived", "twisted", ["subject:lineReceived", "relation:called_from"],
     {"twisted/protocols/basic.py": [(440, 440, "self.lineReceived(line)"), (549, 549, "why = self.lineReceived(line)")]},
     "hard", "LineOnlyReceiver.dataReceived (440) and LineReceiver.dataReceived (549) call it for each line; the "
             "hundreds of 'def lineReceived' overrides in protocols are definitions, not callers"),
    ("fresh3-trace-twisted-called-verifyhostkey", "twisted", ["subject:verifyHostKey", "relation:called_from"],
     {"twisted/conch/ssh/transport.py": [(1903, 1903, "d = self.verifyHostKey(hostKey, fingerprint)"),
                                         (1941, 1941, "d = self.verifyHostKey(pubKey, fingerprint)"),
                                         (2026, 2026, "d = self.verifyHostKey(pubKey, fingerprint)")],
      "twisted/conch/client/default.py": [(87, 87, "kh.verifyHostKey(ui, actualHost, host, actualKey)")],
      "twisted/conch/endpoints.py": [(443, 443, "self.creator.knownHosts.verifyHostKey(")],
      "twisted/conch/client/direct.py": [(79, 79, "self.factory.verifyHostKey(")]},
     "medium", "SSHClientTransport calls it during each key exchange reply (1903, 1941, 2026); the client helpers "
               "delegate to the known-hosts file (default.py:87, endpoints.py:443, direct.py:79). The 'def "
               "verifyHostKey' lines are definitions"),
    ("fresh3-trace-swift-defined-shared-object-registry", "swift", ["subject:SharedObjectRegistry", "relation:defined"],
     {"expo-modules-core/SharedObjects/SharedObjectRegistry.swift": [(22, 22, "public final class SharedObjectRegistry {")]},
     "medium", "the class (22); SharedObject.swift, Conversions.swift, ClassComponent.swift, AppContext.swift, "
               "DynamicSharedObjectType.swift and Tests/ClassComponentSpec.swift use it"),
    ("fresh3-trace-swift-called-fps-changed", "swift", ["subject:onAverageFpsChanged", "relation:called_from"],
     {"vision-camera/React/FpsSampleCollector.swift": [(22, 22, "delegate.onAverageFpsChanged(averageFps: self.averageFps)")]},
     "medium", "the collector's timer calls the delegate (22); CameraView.swift:390 implements it, the delegate "
               "protocol declares it (FpsSampleCollectorDelegate.swift:14), CameraViewManager.m maps the event prop"),
    ("fresh3-trace-swift-called-toexif", "swift", ["subject:toEXIF", "relation:called_from"],
     {"vision-camera/Core/MetadataProvider.swift": [(38, 38, "location.toEXIF(heading: locationProvider.heading)")]},
     "medium", "replacementMetadata (26) calls it for the GPS dictionary (38); the definition is "
               "CLLocation+toEXIF.swift:15 and its file-name comment (2) is not a call"),
]

CORPORA = {
    "twisted": "Debian bookworm python3-twisted 22.4.0-4+deb12u1: the twisted/ package as dist-packages holds it "
               "(internet/, web/, conch/, names/, mail/, words/, trial/, each with its test/ folder); 854 files",
    "swift": "npm react-native-vision-camera@4.7.2, expo-modules-core@1.11.13 and @stripe/stripe-react-native@0.78.0: "
             "each package's ios/ folder only, as vision-camera/, expo-modules-core/ and stripe/ (Swift with "
             "Objective-C headers and sources beside it); 448 files",
}
