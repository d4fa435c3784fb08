package org.walletstate.crypto;

import java.security.GeneralSecurityException;
import java.security.spec.KeySpec;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.walletstate.application.commerce.port.out.PinHasher;
import org.walletstate.domain.commerce.ScannerPin;

/**
 * Scanner PINs as PBKDF2-HMAC-SHA512 (JCA), {@value #ITERATIONS} iterations (the OWASP figure for
 * this hash), 32 bytes, written {@code pbkdf2-sha512$210000$<base64>}.
 */
public final class Pbkdf2PinHasher implements PinHasher {

  static final int ITERATIONS = 210_000;
  static final int LENGTH_BITS = 256;
  static final String PREFIX = "pbkdf2-sha512$" + ITERATIONS + "$";

  private final int iterations;

  public Pbkdf2PinHasher() {
    this(ITERATIONS);
  }

  /** With fewer iterations, for tests that hash many PINs. */
  Pbkdf2PinHasher(int iterations) {
    this.iterations = iterations;
  }

  @Override
  public String hash(ScannerPin pin, byte[] salt) {
    if (salt.length < 16) {
      throw new IllegalArgumentException("a PIN salt has at least 16 bytes");
    }
    KeySpec spec = new PBEKeySpec(pin.digits().toCharArray(), salt, iterations, LENGTH_BITS);
    try {
      byte[] derived =
          SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512").generateSecret(spec).getEncoded();
      return "pbkdf2-sha512$" + iterations + "$" + Base64.getEncoder().encodeToString(derived);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("PBKDF2WithHmacSHA512 is part of every JDK", e);
    }
  }
}
