package org.walletstate.application.testing;

import java.util.ArrayList;
import java.util.List;
import org.walletstate.application.commerce.port.out.PassSigner;
import org.walletstate.domain.commerce.InStorePass;

/**
 * A pass signer that keeps the passes it signed, answering {@code {"pass":{}}} and the code {@code
 * P1.<n>} for the n-th, and reads every code as the test sets; it can be made to throw as a signer
 * that cannot reach its keys does.
 */
public final class ScriptedPassSigner implements PassSigner {

  private final List<InStorePass> signed = new ArrayList<>();
  private Reading reading;
  private RuntimeException failure;

  public ScriptedPassSigner(Reading reading) {
    this.reading = reading;
  }

  /** From now on every code reads as {@code reading}. */
  public synchronized ScriptedPassSigner reading(Reading reading) {
    this.reading = reading;
    return this;
  }

  /** From now on signing throws {@code failure}. */
  public synchronized ScriptedPassSigner failing(RuntimeException failure) {
    this.failure = failure;
    return this;
  }

  public synchronized List<InStorePass> signed() {
    return List.copyOf(signed);
  }

  @Override
  public synchronized Signed sign(InStorePass pass) {
    if (failure != null) {
      throw failure;
    }
    signed.add(pass);
    return new Signed("{\"pass\":{}}", "P1." + signed.size());
  }

  @Override
  public synchronized Reading read(String code) {
    return reading;
  }
}
