package org.walletstate.crypto;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.Set;
import org.walletstate.verifier.Namespace;

/**
 * Keys for local runs: generated once into a data directory and reused on every restart. The
 * directory is created owner-only (0700) and each key file owner-only (0600); a key file that group
 * or others can read is refused rather than used. Production keys come from secrets through {@link
 * EcSigningKey#fromPrivateJwk} and {@link MlDsaSigningKey#fromPrivateJwk} instead.
 */
public final class KeyDirectory {

  static final String EC_FILE = "p256.private.jwk.json";
  static final String ML_DSA_FILE = "ml-dsa-65.private.jwk.json";
  static final String LOG_ED25519_FILE = "log-ed25519.private.jwk.json";

  private static final Set<PosixFilePermission> OWNER_DIRECTORY =
      PosixFilePermissions.fromString("rwx------");
  private static final Set<PosixFilePermission> OWNER_FILE =
      PosixFilePermissions.fromString("rw-------");

  private KeyDirectory() {}

  /** The keys in {@code directory}, generating and storing any that are missing. */
  public static SigningKeys loadOrCreate(Path directory, Namespace namespace, SecureRandom random) {
    try {
      boolean posix = prepare(directory);
      Path ecFile = directory.resolve(EC_FILE);
      Path mlDsaFile = directory.resolve(ML_DSA_FILE);
      if (!Files.exists(ecFile)) {
        writeOwnerOnly(ecFile, EcSigningKey.generate(random).toPrivateJwk(), posix);
      }
      if (!Files.exists(mlDsaFile)) {
        writeOwnerOnly(mlDsaFile, MlDsaSigningKey.generate(random).toPrivateJwk(), posix);
      }
      if (posix) {
        requireOwnerOnly(
            directory,
            EnumSet.of(
                PosixFilePermission.OWNER_READ,
                PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_EXECUTE));
        requireOwnerOnly(ecFile, OWNER_FILE);
        requireOwnerOnly(mlDsaFile, OWNER_FILE);
      }
      EcSigningKey ec =
          EcSigningKey.fromPrivateJwk(Files.readString(ecFile, StandardCharsets.UTF_8));
      MlDsaSigningKey mlDsa =
          MlDsaSigningKey.fromPrivateJwk(
              Files.readString(mlDsaFile, StandardCharsets.UTF_8), random);
      return SigningKeys.of(namespace, ec, mlDsa);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot use the key directory " + directory, e);
    }
  }

  /**
   * The transparency log's Ed25519 note key in {@code directory}, generated and stored (owner-only)
   * when missing.
   */
  public static Ed25519NoteKey loadOrCreateLogKey(Path directory, SecureRandom random) {
    try {
      boolean posix = prepare(directory);
      Path file = directory.resolve(LOG_ED25519_FILE);
      if (!Files.exists(file)) {
        writeOwnerOnly(file, Ed25519NoteKey.generate(random).toPrivateJwk(), posix);
      }
      if (posix) {
        requireOwnerOnly(file, OWNER_FILE);
      }
      return Ed25519NoteKey.fromPrivateJwk(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot use the key directory " + directory, e);
    }
  }

  /** Creates the directory owner-only when missing; whether the file system is POSIX. */
  private static boolean prepare(Path directory) throws IOException {
    boolean posix =
        Files.getFileAttributeView(
                directory.toAbsolutePath().getRoot(), PosixFileAttributeView.class)
            != null;
    if (!Files.isDirectory(directory)) {
      if (posix) {
        Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(OWNER_DIRECTORY));
      } else {
        Files.createDirectories(directory);
      }
    }
    return posix;
  }

  private static void writeOwnerOnly(Path file, String content, boolean posix) throws IOException {
    try {
      if (posix) {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_FILE));
      } else {
        Files.createFile(file);
      }
    } catch (FileAlreadyExistsException e) {
      return; // another process created it first; use theirs
    }
    Files.writeString(file, content, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
  }

  private static void requireOwnerOnly(Path path, Set<PosixFilePermission> allowed)
      throws IOException {
    Set<PosixFilePermission> actual = Files.getPosixFilePermissions(path);
    if (!allowed.containsAll(actual)) {
      throw new IOException(
          path
              + " is accessible to group or others ("
              + PosixFilePermissions.toString(actual)
              + "); restrict it to the owner");
    }
  }
}
