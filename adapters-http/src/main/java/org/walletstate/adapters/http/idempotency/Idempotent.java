package org.walletstate.adapters.http.idempotency;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The annotated endpoint honours {@code Idempotency-Key}: a repeat of a request with the same key
 * and the same request is answered with the stored answer ({@link IdempotencyFilters}).
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Idempotent {

  /**
   * Whether the endpoint's answer shows a secret once (a new API key): such an answer is stored
   * only for a caller with a credential, never for a caller known only by its address, which others
   * behind the same address share.
   */
  boolean revealsSecret() default false;
}
