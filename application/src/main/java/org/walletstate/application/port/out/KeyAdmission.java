package org.walletstate.application.port.out;

import io.smallrye.mutiny.Uni;
import java.time.LocalDate;
import org.walletstate.domain.account.ApiKeyHash;
import org.walletstate.domain.account.KeyAccount;

/**
 * Admits a request presenting an API key in one step: finds the key by its hash, counts the request
 * against the key's daily limit (atomically, never past it) and reads its balance. One database
 * round trip on the hot path instead of one per question.
 */
public interface KeyAdmission {

  /**
   * @param hash the presented key's hash
   * @param day the UTC day the request is counted in
   */
  Uni<Admission> admit(ApiKeyHash hash, LocalDate day);

  /**
   * The same step for a key already identified another way (a wallet sign-in names its key by the
   * wallet registered to it).
   *
   * @param keyId the key's id
   * @param day the UTC day the request is counted in
   */
  Uni<Admission> admit(long keyId, LocalDate day);

  /** What admission found. */
  sealed interface Admission {
    /** No key with this hash; nothing was counted. */
    record Unknown() implements Admission {}

    /** The key's limit for the day was already reached; nothing was counted. */
    record LimitReached(KeyAccount account) implements Admission {}

    /** Counted: {@code used} requests today, this one included; the account carries its balance. */
    record Counted(KeyAccount account, int used) implements Admission {}
  }
}
