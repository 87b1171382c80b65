export default ['features/backup'];
