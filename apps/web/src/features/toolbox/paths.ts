export const TOOLBOX_PATH = '/toolbox';
/** Spec §2 `/toolbox/{session_id}`: the session is the delivery line. */
export const toolboxLinePath = (lineId: number) => `${TOOLBOX_PATH}/${lineId}`;
