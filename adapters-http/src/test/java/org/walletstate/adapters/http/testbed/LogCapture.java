package org.walletstate.adapters.http.testbed;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.formatters.PatternFormatter;

/**
 * Everything the service logs while open, at DEBUG and above, kept here instead of printed: the
 * console handlers are detached meanwhile, so an expected failure a test provokes neither clutters
 * the build output nor goes unchecked. Closing restores the handlers and levels.
 */
public final class LogCapture implements AutoCloseable {

  /**
   * One captured entry: level, logger, message with its arguments, the stack trace if any, the
   * request id the line carried (null outside a request), and the line as the service's console
   * would have written it (one JSON object when {@code quarkus.log.console.json} is on).
   */
  public record Entry(Level level, String logger, String text, String requestId, String line) {

    /**
     * Whether the line is above DEBUG and written by the service for a request, not by one of the
     * replica's background jobs (their timers run beside every test, whatever it sends).
     */
    public boolean aboveDebug() {
      return level.intValue() > Level.FINE.intValue() && !logger.startsWith(BACKGROUND_JOBS);
    }

    public boolean mentions(String needle) {
      return text.toLowerCase(Locale.ROOT).contains(needle.toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
      return level + " [" + logger + "] (" + requestId + ") " + text;
    }
  }

  /** The loggers of the replica's background jobs (the composition root's JobsWiring). */
  static final String BACKGROUND_JOBS = "org.walletstate.adapters.http.jobs.";

  /** Loggers whose configured level would hide DEBUG: the root and the service's own. */
  private static final List<String> LOWERED = List.of("", "org.walletstate");

  /** The tests' own HTTP client, which logs every byte it sends: not the service's log. */
  private static final List<String> CLIENT_SIDE = List.of("org.apache.http", "io.restassured");

  private final List<Entry> entries = new ArrayList<>();
  private final List<Logger> loggers = new ArrayList<>();
  private final List<Level> levels = new ArrayList<>();
  private final Handler[] consoleHandlers;
  private final Handler capture;

  /** The formatter of the service's console handler, found among the root's handlers. */
  private final java.util.logging.Formatter consoleFormat;

  private LogCapture() {
    Logger root = Logger.getLogger("");
    consoleHandlers = root.getHandlers();
    consoleFormat = consoleFormatter(consoleHandlers);
    capture = new CapturingHandler();
    for (String name : LOWERED) {
      Logger logger = Logger.getLogger(name);
      loggers.add(logger);
      levels.add(logger.getLevel());
      logger.setLevel(Level.FINE);
    }
    for (Handler h : consoleHandlers) {
      root.removeHandler(h);
    }
    root.addHandler(capture);
  }

  /** The formatter of the first console handler among {@code handlers} and their nested ones. */
  private static java.util.logging.Formatter consoleFormatter(Handler[] handlers) {
    for (Handler handler : handlers) {
      if (handler instanceof org.jboss.logmanager.handlers.ConsoleHandler) {
        return handler.getFormatter();
      }
      if (handler instanceof org.jboss.logmanager.ExtHandler ext) {
        java.util.logging.Formatter nested = consoleFormatter(ext.getHandlers());
        if (nested != null) {
          return nested;
        }
      }
    }
    return null;
  }

  /** Starts capturing every logger at DEBUG and above. */
  public static LogCapture start() {
    return new LogCapture();
  }

  /** What was logged so far, in order. */
  public synchronized List<Entry> entries() {
    return List.copyOf(entries);
  }

  @Override
  public void close() {
    Logger root = Logger.getLogger("");
    root.removeHandler(capture);
    for (Handler h : consoleHandlers) {
      root.addHandler(h);
    }
    for (int i = 0; i < loggers.size(); i++) {
      loggers.get(i).setLevel(levels.get(i));
    }
  }

  private final class CapturingHandler extends Handler {
    /** The formatted message and, when there is one, the stack trace: what a console shows. */
    private final PatternFormatter format = new PatternFormatter("%s%e");

    @Override
    public void publish(LogRecord record) {
      String logger = String.valueOf(record.getLoggerName());
      if (CLIENT_SIDE.stream().anyMatch(logger::startsWith)) {
        return;
      }
      String text = format.format(record);
      String requestId = record instanceof ExtLogRecord ext ? ext.getMdc("requestId") : null;
      String line = consoleFormat == null ? text : consoleFormat.format(record);
      synchronized (LogCapture.this) {
        entries.add(new Entry(record.getLevel(), logger, text, requestId, line));
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
