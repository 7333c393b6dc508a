/** Every event the server pushes over socket.io, with its payload. */
export interface ServerToClientEvents {
  /** A notification was created for the connected user. */
  new_notification: (payload: { notification_hash: string }) => void;
  /** A notification was deleted; the bell removes it. */
  notification_deleted: (payload: { notification_hash: string }) => void;
  /**
   * A video of a request line finished processing (its watermarked preview is ready, or it
   * failed): sent to the line's creator and advertiser, whose pages read the line again.
   */
  content_video_status: (payload: {
    content_request_influencer_id: number;
    video_id: number;
    status: 'ready' | 'failed';
  }) => void;
  /** The creator's media kit finished generating. */
  media_kit_is_ready: (payload: { influencer_id: number }) => void;
}

/** What the client sends: `join` with its access token, acknowledged with `{ ok }`. */
export interface ClientToServerEvents {
  join: (payload: { token: string }, ack: (result: { ok: boolean }) => void) => void;
}
